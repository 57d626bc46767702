import { access, readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import express, { type Request, type Response } from 'express';
import { z } from 'zod';
import { readCookie, SESSION_COOKIE } from './cookies.js';

/** Encodings the web build precompresses every text asset into, best first. */
export const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;
export type Precompressed = (typeof PRECOMPRESSED)[number];

/**
 * The best precompressed variant the client accepts (`Accept-Encoding`, with q-values; q=0 means
 * "not this one", `*` stands for any encoding not named), or null for the plain file.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Precompressed | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q) || 0);
  }
  let best: Precompressed | null = null;
  let bestWeight = 0;
  for (const candidate of PRECOMPRESSED) {
    const weight = weights.get(candidate.encoding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = candidate;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * Signed-out pages the web build rendered to HTML, by path (`prerendered.json`, written by the
 * build). A visitor with a session cookie gets the plain shell instead, so a signed-in visitor
 * never sees the signed-out landing page flash before the app.
 */
const prerenderedPagesSchema = z.record(z.string().startsWith('/'), z.string().regex(/^[\w-]+\.prerendered\.html$/));

async function prerenderedPage(webDir: string, path: string): Promise<string | undefined> {
  let manifest: unknown;
  try {
    manifest = JSON.parse(await readFile(join(webDir, 'prerendered.json'), 'utf8'));
  } catch {
    return undefined; // an older build, or a development one: no prerendered pages
  }
  const pages = prerenderedPagesSchema.safeParse(manifest);
  return pages.success ? pages.data[path] : undefined;
}

/** Hashed asset names are plain; anything else is left to express.static's own checks. */
const PLAIN_ASSET_NAME = /^\/[A-Za-z0-9_.-]+$/;

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * Sends `file` from `root` in the best precompressed form the client accepts. The variants
 * share the original's Content-Type; caches are told the answer depends on Accept-Encoding.
 */
async function sendPrecompressed(
  req: Request,
  res: Response,
  root: string,
  file: string,
  cache: { maxAge: string; immutable: true } | { noCache: true },
  vary: string[] = [],
): Promise<void> {
  const encoding = chooseEncoding(req.header('accept-encoding'));
  const variant = encoding && (await exists(join(root, file + encoding.suffix))) ? encoding : null;
  res.vary('Accept-Encoding');
  for (const header of vary) res.vary(header);
  res.type(extname(file));
  if (variant) res.setHeader('Content-Encoding', variant.encoding);
  if ('noCache' in cache) res.setHeader('Cache-Control', 'no-cache');
  const options =
    'noCache' in cache ? { root, cacheControl: false } : { root, maxAge: cache.maxAge, immutable: cache.immutable };
  await new Promise<void>((resolve, reject) => {
    res.sendFile(variant ? file + variant.suffix : file, options, (error) =>
      // Past the headers (the client went away mid-file) there is nothing left to answer.
      error && !res.headersSent ? reject(error) : resolve(),
    );
  });
}

/**
 * The built web app: hashed assets (immutable for a year), prerendered pages for their paths
 * when signed out, and the app's shell for every other path (HTML is revalidated each time).
 * Text is sent precompressed (brotli, else gzip) when the client accepts it.
 */
export function serveWebApp(app: express.Express, webDir: string): void {
  const assetsDir = join(webDir, 'assets');
  app.get('/assets/{*file}', async (req, res, next) => {
    const name = req.path.slice('/assets'.length);
    if (!PLAIN_ASSET_NAME.test(name)) return next();
    try {
      await sendPrecompressed(req, res, assetsDir, name.slice(1), { maxAge: '1y', immutable: true });
    } catch (error) {
      next(error);
    }
  });
  app.use('/assets', express.static(assetsDir, { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use(express.static(webDir, { index: false }));
  app.get('/{*path}', async (req, res, next) => {
    const hasSession = readCookie(req.header('cookie'), SESSION_COOKIE) !== null;
    const prerendered = hasSession ? undefined : await prerenderedPage(webDir, req.path);
    const page = prerendered && (await exists(join(webDir, prerendered))) ? prerendered : 'index.html';
    if (!(await exists(join(webDir, page)))) {
      res.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
      return;
    }
    try {
      await sendPrecompressed(req, res, webDir, page, { noCache: true }, ['Cookie']);
    } catch (error) {
      next(error);
    }
  });
}
