import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayThroughput } from './current-user.js';
const dir = await mkdtemp(join(tmpdir(), 'gwb-'));
for (const r of await gatewayThroughput(dir)) console.log(r.name, r.subject, r.baseline, r.ratio.toFixed(2));
