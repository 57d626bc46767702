export * from './port.js';
export * from './sqlite.js';
export * from './nats.js';
