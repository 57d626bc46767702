import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { portVariableOf, serviceNames } from '@brandloom/gateway';
import { startNatsServer } from '@brandloom/runtime/testing';
import { freePort, isOk, startNode, waitUntil } from './processes.js';

const root = resolve(import.meta.dirname, '../..');

export interface DistributedBrandloom {
  /** The gateway's address. */
  url: string;
  /** The gateway's port and one per service of the catalog, each free when it started. */
  ports: Map<string, number>;
  dataDir: string;
  secret: string;
  /** The start script's process; NATS runs beside it. */
  process: ReturnType<typeof startNode>;
  dispose(): Promise<void>;
}

/**
 * `npm run start:distributed` on its own NATS server and data directory: one process per service
 * of the catalog and the gateway, as an operator runs it. Resolves once the gateway is ready.
 */
export async function startDistributed(env: Record<string, string> = {}): Promise<DistributedBrandloom> {
  const nats = await startNatsServer();
  const dataDir = await mkdtemp(join(tmpdir(), 'brandloom-distributed-'));
  const ports = new Map<string, number>();
  for (const name of ['gateway', ...serviceNames]) ports.set(name, await freePort());
  const url = `http://127.0.0.1:${ports.get('gateway')}`;
  const secret = randomBytes(32).toString('base64url');
  const process = startNode(
    join(root, 'scripts/start.mjs'),
    ['--distributed'],
    {
      BRANDLOOM_SKIP_BUILD: '1',
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      PORT: String(ports.get('gateway')),
      ...Object.fromEntries(serviceNames.map((name) => [portVariableOf(name), String(ports.get(name))])),
      PUBLIC_ORIGIN: url,
      INTERNAL_SECRET: secret,
      MASTER_KEY: randomBytes(32).toString('base64'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    root,
  );
  const dispose = async () => {
    if (process.child.exitCode === null && process.child.signalCode === null) {
      process.child.kill('SIGTERM');
      await process.exited;
    }
    await nats.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntil(() => isOk(`${url}/readyz`), 'the gateway');
  } catch (error) {
    await dispose();
    throw new Error(`${(error as Error).message}\n${process.output()}`, { cause: error });
  }
  return { url, ports, dataDir, secret, process, dispose };
}
