export * from './all-in-one.js';
export * from './server.js';
export * from './composition.js';
export * from './config.js';
export * from './subgraphs/client.js';
export * from './subgraphs/in-process-client.js';
export * from './catalog.js';
