export * from './auth.js';
export * from './content.js';
export * from './plans.js';
export * from './onboarding.js';
