// After `vite build`: writes the signed-out pages as static HTML (React renders them at build
// time, Chakra's styles inline), then precompresses every text asset with brotli and gzip so
// the gateway sends them without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const webDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(webDir, 'dist');
const entry = pathToFileURL(join(webDir, '.generated/prerender/prerender.js')).href;

interface PrerenderEntry {
  PRERENDERED_ATTRIBUTE: string;
  PRERENDERED_PAGES: readonly { path: string; file: string }[];
  renderSignedOutPage(path: string): Promise<string>;
}

const { PRERENDERED_ATTRIBUTE, PRERENDERED_PAGES, renderSignedOutPage } = (await import(entry)) as PrerenderEntry;
const shell = await readFile(join(distDir, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no ${ROOT} to prerender into`);

for (const { path, file } of PRERENDERED_PAGES) {
  const rendered = await renderSignedOutPage(path);
  // React puts a page's <title> first; it belongs in the head, in place of the shell's.
  const title = /^<title>.*?<\/title>/s.exec(rendered)?.[0];
  const body = title ? rendered.slice(title.length) : rendered;
  let page = shell.replace(ROOT, `<div id="root" ${PRERENDERED_ATTRIBUTE}>${body}</div>`);
  if (title) page = page.replace(/<title>.*?<\/title>/s, title);
  await writeFile(join(distDir, file), page);
  process.stdout.write(`prerendered ${path.padEnd(8)} → dist/${file} (${(page.length / 1024).toFixed(1)} kB)\n`);
}

// The gateway reads which paths have a prerendered page from here.
await writeFile(
  join(distDir, 'prerendered.json'),
  JSON.stringify(Object.fromEntries(PRERENDERED_PAGES.map(({ path, file }) => [path, file]))),
);

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    if ((await stat(path)).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

let raw = 0;
let brotliTotal = 0;
for await (const file of filesUnder(distDir)) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  raw += content.length;
  brotliTotal += br.length;
}
process.stdout.write(
  `precompressed ${(raw / 1024).toFixed(0)} kB of text assets to ${(brotliTotal / 1024).toFixed(0)} kB (brotli)\n`,
);
