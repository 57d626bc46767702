import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, isOk, startNode, waitUntil } from '../support/processes.js';

const root = resolve(import.meta.dirname, '../..');
const allInOne = join(root, 'gateway/dist/main-all-in-one.js');

describe('the all-in-one process (npm start)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'brandloom-process-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('serves, logs JSON lines, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const brandloom = startNode(allInOne, [], { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' }, root);
    await waitUntil(() => isOk(`http://127.0.0.1:${port}/readyz`), 'the server');
    await fetch(`http://127.0.0.1:${port}/api/auth/user`);

    brandloom.child.kill('SIGTERM');
    expect(await brandloom.exited).toBe(0);
    const lines = brandloom
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; path?: string; status?: number });
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['Brandloom is running', 'shutting down']));
    expect(lines).toContainEqual(expect.objectContaining({ msg: 'request', path: '/api/auth/user', status: 401 }));
  });

  it('says which port is taken instead of crashing with a stack trace', async () => {
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const { port } = blocker.address() as { port: number };
    try {
      const brandloom = startNode(allInOne, [], { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, root);
      expect(await brandloom.exited).toBe(1);
      expect(brandloom.output()).toContain(`Port ${port} is already in use.`);
      expect(brandloom.output()).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it('names the variable of a bad setting', async () => {
    const brandloom = startNode(allInOne, [], { PORT: 'eighty', DATA_DIR: dataDir }, root);
    expect(await brandloom.exited).toBe(1);
    expect(brandloom.output()).toMatch(/Invalid configuration:\n\s+- PORT: /);
  });
});
