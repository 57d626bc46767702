export * from './auth.js';
export * from './content.js';
