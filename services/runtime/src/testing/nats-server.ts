/**
 * Starts a throwaway `nats-server` with JetStream for tests, the distributed smoke test and the
 * local start script. Deliberately free of any test-framework dependency.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface NatsServerOptions {
  /** JetStream store directory; a temporary one (removed by `stop()`) when omitted. */
  storeDir?: string;
}

export interface RunningNatsServer {
  url: string;
  port: number;
  storeDir: string;
  /** Graceful shutdown (SIGTERM); also removes the store directory when it was temporary. */
  stop(): Promise<void>;
  /** Simulates a crash (SIGKILL); the store directory is kept so a restart can reuse it. */
  kill(): void;
}

const HOST = '127.0.0.1';
const STARTUP_TIMEOUT_MS = 10_000;
const SHUTDOWN_TIMEOUT_MS = 5_000;
const POLL_INTERVAL_MS = 50;
/** Enough of the server's log to explain a failed start without holding an unbounded buffer. */
const MAX_OUTPUT_CHARS = 64 * 1024;

/** The `nats-server` executable: `NATS_SERVER_BIN` when set, otherwise the first one on PATH. */
export function findNatsServerBinary(): string | null {
  const fromEnv = process.env['NATS_SERVER_BIN'];
  if (fromEnv) return isExecutable(fromEnv) ? fromEnv : null;
  const fileName = process.platform === 'win32' ? 'nats-server.exe' : 'nats-server';
  const directories = (process.env['PATH'] ?? '').split(delimiter).filter(Boolean);
  return directories.map((dir) => join(dir, fileName)).find(isExecutable) ?? null;
}

export async function startNatsServer(options: NatsServerOptions = {}): Promise<RunningNatsServer> {
  const binary = findNatsServerBinary();
  if (!binary) {
    throw new Error('nats-server not found: put it on PATH or set NATS_SERVER_BIN');
  }
  const ownsStoreDir = options.storeDir === undefined;
  const storeDir = options.storeDir ?? (await mkdtemp(join(tmpdir(), 'nats-store-')));
  const port = await findFreePort();
  const child = spawn(binary, ['-js', '-a', HOST, '-p', String(port), '-sd', storeDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = captureOutput(child);
  // A test run that dies without calling stop() must not leave a server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    await terminate(child);
    if (ownsStoreDir) await rm(storeDir, { recursive: true, force: true });
  };

  try {
    await waitUntilAccepting(child, port, output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url: `nats://${HOST}:${port}`,
    port,
    storeDir,
    stop,
    kill: () => child.kill('SIGKILL'),
  };
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Binds port 0 to let the OS pick a free port, then releases it for the server. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Keeps the tail of the server's stdout and stderr; the pipes must be drained anyway. */
function captureOutput(child: ChildProcess): () => string {
  let text = '';
  const append = (chunk: Buffer) => {
    text = (text + chunk.toString('utf8')).slice(-MAX_OUTPUT_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => text;
}

async function waitUntilAccepting(child: ChildProcess, port: number, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (hasExited(child)) {
      throw startupError(`nats-server exited with code ${child.exitCode}`, output());
    }
    if (await acceptsConnections(port)) return;
    await sleep(POLL_INTERVAL_MS);
  }
  throw startupError(
    `nats-server did not accept connections on port ${port} within ${STARTUP_TIMEOUT_MS} ms`,
    output(),
  );
}

function startupError(reason: string, output: string): Error {
  return new Error(`${reason}. Server output:\n${output || '(none)'}`);
}

function acceptsConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: HOST, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** SIGTERM, escalating to SIGKILL if the server has not exited after a grace period. */
async function terminate(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const escalation = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_TIMEOUT_MS);
  await exited;
  clearTimeout(escalation);
}
