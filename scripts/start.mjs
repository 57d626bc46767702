#!/usr/bin/env node
// Starts Brandloom. `npm start`: everything in one process (sqlite + in-process bus).
// `npm run start:distributed`: a nats-server, one process per service and a gateway process.
// On a fresh clone it first builds what is missing, so these are the only commands to type.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distributed = process.argv.includes('--distributed');
// The servers run as in production unless told otherwise: libraries such as graphql-js skip
// their development-time checks (set before any of them is loaded; child processes inherit it).
process.env.NODE_ENV ??= 'production';

if (process.env.BRANDLOOM_SKIP_BUILD !== '1') build();
if (distributed) await startDistributed();
else await import(join(root, 'gateway/dist/main-all-in-one.js'));

function build() {
  // tsc -b is incremental: a no-op when the compiled code is current.
  run(process.execPath, [join(root, 'scripts/build-types.mjs')]);
  const webIndex = join(root, 'web/dist/index.html');
  if (!existsSync(webIndex) || newestMtime(join(root, 'web/src')) > statSync(webIndex).mtimeMs) {
    run('npm', ['run', 'build', '-w', 'web']);
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

async function startDistributed() {
  const env = { ...process.env };
  env.DATA_DIR = resolve(env.DATA_DIR ?? join(root, 'data'));
  env.INTERNAL_SECRET ??= randomBytes(32).toString('base64url');
  const host = env.HOST ?? '127.0.0.1';
  const children = [];
  let stopping = false;

  // Stop in the reverse order of start: the gateway first, then the services, then NATS, each
  // given time to finish cleanly. A process that does not is killed, and the exit code says so.
  const stopAll = async (code) => {
    if (stopping) return;
    stopping = true;
    let clean = true;
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      child.kill('SIGTERM');
      const exited = await Promise.race([
        new Promise((done) => child.once('exit', () => done(true))),
        new Promise((done) => setTimeout(() => done(false), 10_000).unref()),
      ]);
      if (!exited) {
        console.error(`${child.spawnfile} did not stop within 10 s; killing it`);
        child.kill('SIGKILL');
        clean = false;
      }
    }
    process.exit(clean ? code : 1);
  };
  const launch = (name, command, args, childEnv) => {
    const child = spawn(command, args, { cwd: root, env: childEnv, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      console.error(`${name} exited (${signal ?? code}); stopping Brandloom`);
      void stopAll(1);
    });
    children.push(child);
    return child;
  };
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  if (!env.NATS_URL) {
    const natsServer = findOnPath('nats-server');
    if (!natsServer) {
      console.error(
        'The distributed mode needs NATS: install nats-server (e.g. apt-get install nats-server) or set NATS_URL.',
      );
      process.exit(1);
    }
    const natsPort = env.NATS_PORT ?? '4222';
    const storeDir = join(env.DATA_DIR, 'nats');
    mkdirSync(storeDir, { recursive: true });
    launch('nats-server', natsServer, ['-js', '-a', '127.0.0.1', '-p', natsPort, '-sd', storeDir], env);
    env.NATS_URL = `nats://127.0.0.1:${natsPort}`;
    await waitFor(async () => canConnect(Number(natsPort)), 'nats-server');
  }

  // One process per service of the catalog, on <NAME>_PORT (4001, 4002, … by default).
  const { serviceNames, urlVariableOf, portVariableOf, defaultPortOf } = await import(
    join(root, 'gateway/dist/catalog.js')
  );
  const services = serviceNames.map((name) => ({
    name,
    port: env[portVariableOf(name)] ?? String(defaultPortOf(name)),
  }));
  const launcher = join(root, 'services/runtime/dist/service/launch.js');
  // Every process knows where every service is: the gateway, and services that call another.
  const serviceUrls = Object.fromEntries(
    services.map(({ name, port }) => [urlVariableOf(name), `http://127.0.0.1:${port}`]),
  );
  for (const service of services) {
    launch(service.name, process.execPath, [launcher, service.name], {
      ...env,
      ...serviceUrls,
      PORT: service.port,
      HOST: '127.0.0.1',
    });
  }
  for (const service of services) {
    await waitFor(() => isReady(`http://127.0.0.1:${service.port}/readyz`), service.name);
  }
  launch('gateway', process.execPath, [join(root, 'gateway/dist/main.js')], {
    ...env,
    HOST: host,
    ...serviceUrls,
  });
}

function findOnPath(binary) {
  for (const dir of (process.env.PATH ?? '').split(delimiter).concat(['/usr/sbin', '/usr/local/sbin'])) {
    if (dir && existsSync(join(dir, binary))) return join(dir, binary);
  }
  return null;
}

async function isReady(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function canConnect(port) {
  const net = await import('node:net');
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

async function waitFor(check, what, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  console.error(`${what} did not become ready within ${timeoutMs / 1000} s`);
  process.exit(1);
}
