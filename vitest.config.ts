import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the "source" export condition),
// so tests never run stale compiled code.
export default defineConfig({
  resolve: {
    conditions: ['source'],
    // Node loads graphql's CommonJS build for `import 'graphql'` (no "exports" map), and so do the
    // Apollo packages; Vite would pick the ES build for our own imports. One copy, as in production.
    alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }],
  },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', 'web/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The JSON totals feed the closing line of .ci/run.
    reporters: ['default', ['json', { outputFile: '.tmp/vitest-results.json' }]],
  },
});
