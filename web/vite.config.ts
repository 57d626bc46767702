import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    // Workspace packages publish a `source` condition that points at their TypeScript sources.
    conditions: ['source', ...defaultClientConditions],
  },
  // The build-time prerender (src/app/prerender.tsx) runs in Node; workspace packages are
  // bundled from their sources, libraries are loaded from node_modules.
  ssr: {
    noExternal: [/^@brandloom\//],
    resolve: { conditions: ['source', ...defaultServerConditions], externalConditions: ['source'] },
  },
  server: {
    proxy: {
      '/graphql': api,
      '/api': api,
      '/healthz': api,
    },
  },
  build: isSsrBuild
    ? { emptyOutDir: true }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        rolldownOptions: {
          output: {
            // Libraries every screen needs get their own long-lived chunks; the UI kit is left to
            // automatic splitting so components used only by lazy routes load with those routes.
            codeSplitting: {
              groups: [
                {
                  name: 'react',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie)[\\/]/,
                  priority: 20,
                },
                {
                  // Apart from Apollo: the entry prints the current-user query without loading it.
                  name: 'graphql',
                  test: /[\\/]node_modules[\\/]graphql[\\/]/,
                  priority: 15,
                },
                {
                  name: 'apollo',
                  test: /[\\/]node_modules[\\/](@apollo|graphql-tag|rxjs|@wry|optimism|ts-invariant|tslib)[\\/]/,
                  priority: 10,
                },
                {
                  name: 'form-libs',
                  test: /[\\/]node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
}));
