import express from 'express';
import { closeServer, createLogger, listen, portOf } from '@brandloom/runtime';
import { expect, it } from 'vitest';
import { accessLog } from './access-log.js';

it('logs the path the client asked for, not the one inside the router that answered', async () => {
  const lines: string[] = [];
  const app = express();
  app.use(accessLog(createLogger('info', {}, (line) => lines.push(line))));
  app.use('/graphql', (_req, res) => void res.json({}));
  const server = await listen(app, 0, '127.0.0.1');
  try {
    await fetch(`http://127.0.0.1:${portOf(server)}/graphql?query=secret`);
  } finally {
    await closeServer(server);
  }
  expect(lines.map((line) => JSON.parse(line) as { path: string })).toMatchObject([{ path: '/graphql' }]);
});
