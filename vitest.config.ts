import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources (the "source" export condition),
// so tests never run stale compiled code.
export default defineConfig({
  resolve: { conditions: ['source'] },
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
