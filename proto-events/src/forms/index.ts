export * from './auth.js';
export * from './content.js';
export * from './onboarding.js';
