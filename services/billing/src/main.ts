import { exitOnStartFailure, runServiceProcess } from '@brandloom/runtime';
import { createBillingService } from './index.js';
import { billingSettingsSchema } from './settings.js';

await runServiceProcess({ name: 'billing', settingsSchema: billingSettingsSchema, create: createBillingService }).catch(
  exitOnStartFailure,
);
