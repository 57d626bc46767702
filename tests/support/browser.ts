import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const chromiumMissing = existsSync(CHROMIUM)
  ? null
  : `Chromium is not installed at ${CHROMIUM} (apt-get install chromium)`;

/** Debian's Chromium, headless, with no network chatter of its own and a fresh profile. */
export async function launchChromium(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'brandloom-chromium-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
