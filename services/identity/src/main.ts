import { exitOnStartFailure, runServiceProcess } from '@brandloom/runtime';
import { createIdentityService } from './index.js';
import { identitySettingsSchema } from './settings.js';

await runServiceProcess({
  name: 'identity',
  settingsSchema: identitySettingsSchema,
  create: createIdentityService,
}).catch(exitOnStartFailure);
