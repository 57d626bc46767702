import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed documents for every GraphQL operation of the web app, checked against the API schema
 * composed from the subgraphs (`scripts/api-schema.ts`). An operation that does not match the
 * schema fails the generation, and with it the build and the type check.
 */
const config: CodegenConfig = {
  schema: '.generated/api-schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**', '../proto-events/src/graphql/*.graphql'],
  ignoreNoDocuments: false,
  errorsOnly: true,
  generates: {
    'src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        enumsAsTypes: true,
        useTypeImports: true,
        skipTypename: true,
        avoidOptionals: true,
        scalars: { ID: 'string' },
      },
    },
  },
};

export default config;
