import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAllInOne, type AllInOne } from '@brandloom/gateway';

export interface TestServer extends AllInOne {
  dataDir: string;
  /** Stop and start again on the same data directory, as after a restart. */
  restart(): Promise<TestServer>;
  /** Stop and delete the data directory. */
  dispose(): Promise<void>;
}

/**
 * A real all-in-one Brandloom on a free loopback port with its own data directory. With no
 * PUBLIC_ORIGIN it takes the loopback origins of its port as its own, as `npm start` does.
 */
export async function startTestServer(env: Record<string, string> = {}, dataDir?: string): Promise<TestServer> {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'brandloom-test-')));
  const server = await startAllInOne({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent', ...env });
  return {
    ...server,
    dataDir: dir,
    restart: async () => {
      await server.stop();
      return startTestServer(env, dir);
    },
    dispose: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
