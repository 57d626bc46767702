/** Marks a #root whose content was rendered at build time (see scripts/prerender.ts). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * Signed-out pages rendered to HTML at build time, by path, with the file each is written to.
 * The build lists them in dist/prerendered.json for the gateway.
 */
export const PRERENDERED_PAGES = [
  { path: '/', file: 'index.prerendered.html' },
  { path: '/signin', file: 'signin.prerendered.html' },
  { path: '/signup', file: 'signup.prerendered.html' },
] as const;
