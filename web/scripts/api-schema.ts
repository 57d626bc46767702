// Writes the API schema the browser sees (the composed supergraph, without federation's
// machinery) for GraphQL Code Generator. Run by `npm run codegen -w web` before every build and
// type check, so the web app is always checked against the subgraphs' current schema files.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composeServices } from '@apollo/composition';
import { loadServiceContracts } from '@brandloom/gateway';
import { printSchema } from 'graphql';

const target = resolve(dirname(fileURLToPath(import.meta.url)), '../.generated/api-schema.graphql');

const result = composeServices(
  (await loadServiceContracts()).map(({ name, typeDefs }) => ({ name, typeDefs, url: `brandloom://${name}` })),
);
if (result.errors) {
  console.error(`The subgraphs do not compose:\n${result.errors.map((error) => `  - ${error.message}`).join('\n')}`);
  process.exit(1);
}

await mkdir(dirname(target), { recursive: true });
await writeFile(target, printSchema(result.schema.toAPISchema().toGraphQLJSSchema()));
