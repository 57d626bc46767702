/**
 * The part of the runtime a process needs to front services without running one (the
 * distributed gateway): settings, logging, HTTP lifecycle, caller signing and service contracts.
 * Nothing here loads a database driver or a bus client.
 */
export * from './config/env.js';
export * from './config/storage.js';
export * from './log/logger.js';
export * from './service/http.js';
export * from './service/start-failure.js';
export * from './service/contract.js';
export * from './subgraph/caller.js';
export * from './subgraph/session-grant.js';
export * from './background/work.js';
