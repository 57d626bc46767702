export * from './nats-server.js';
export * from './decider-spec.js';
export * from './read-model-on-store.js';
