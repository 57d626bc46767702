import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAllInOne } from '@brandloom/gateway';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../tests/support/browser.js';
import type { BenchResult } from './measure.js';

const RUNS = 5;
/** The landing page's LCP before it was prerendered (same machine, same method): 1.85–2.2 s. */
const BEFORE = 'before prerendering: 1.85–2.2 s';

/** A page that paints as soon as its HTML arrives: the floor for any page on this machine. */
const STATIC_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Static</title></head>' +
  '<body><h1 style="font:700 48px sans-serif">On-brand social posts, written and published for you</h1></body></html>';

/** Runs in the page: the start time of the last largest-contentful-paint entry, in ms. */
const LAST_LCP = `new Promise((resolve) => {
  let last = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) last = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve(last), 300);
})`;

/**
 * Largest contentful paint of `url` in a fresh, signed-out browser context (empty cache), after
 * the page and everything it fetches have settled, so a late repaint would be counted.
 */
async function largestContentfulPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'networkidle' });
    return await page.evaluate<number>(LAST_LCP);
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, url: string): Promise<number[]> {
  await largestContentfulPaint(browser, url); // warm-up: the server's first answers, Chromium's start
  const runs: number[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await largestContentfulPaint(browser, url));
  return runs.sort((a, b) => a - b);
}

const median = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;
const describe = (sorted: number[]) =>
  `${Math.round(median(sorted))} ms (${Math.round(sorted[0]!)}–${Math.round(sorted.at(-1)!)})`;

/**
 * The landing page's largest contentful paint, signed out, in headless Chromium through the
 * all-in-one server, against a one-heading static page from a bare Node server (ratio: the
 * static page's median over the landing page's; 1.00 = as fast as plain HTML).
 */
export async function firstPaint(dir: string): Promise<BenchResult> {
  const brandloom = await startAllInOne({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(STATIC_PAGE);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const browser = await launchChromium();
  try {
    const landing = await measure(browser, `${brandloom.url}/`);
    const baseline = await measure(browser, `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`);
    console.log(`first paint of / signed out, ${RUNS} runs: LCP ${describe(landing)}; ${BEFORE}`);
    return {
      name: 'landing page LCP, signed out, cold cache',
      subject: describe(landing),
      baseline: describe(baseline),
      ratio: median(baseline) / median(landing),
    };
  } finally {
    await browser.close();
    bare.close();
    await brandloom.stop();
  }
}
