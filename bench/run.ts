// Brandloom benchmarks. Each prints a ratio against a baseline measured in the same run, so the
// numbers mean something on any machine. Run with `npm run bench`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendThroughput } from './event-store-append.js';
import { gatewayThroughput } from './current-user.js';
import { firstPaint } from './first-paint.js';
import { generationRoundTrip } from './generation.js';
import { fireLag } from './fire-lag.js';
import { publishingBurst } from './publishing.js';
import { readModelBenchmarks } from './read-models.js';

const dir = await mkdtemp(join(tmpdir(), 'brandloom-bench-'));
try {
  const results = [
    await appendThroughput(dir),
    ...(await gatewayThroughput(dir)),
    ...(await readModelBenchmarks(dir)),
    await firstPaint(dir),
    await generationRoundTrip(dir),
    await publishingBurst(dir),
    await fireLag(dir),
  ];
  console.log('\nbenchmark                                   subject            baseline           ratio');
  for (const result of results) {
    console.log(
      `${result.name.padEnd(44)}${result.subject.padEnd(19)}${result.baseline.padEnd(19)}${result.ratio.toFixed(2)}`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
