export * from './nats-server.js';
export * from './decider-spec.js';
