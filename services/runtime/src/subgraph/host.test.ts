import express from 'express';
import { parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../log/logger.js';
import { closeServer, listen, portOf } from '../service/http.js';
import { CALLER_HEADER, signCaller, type Caller } from './caller.js';
import { createSubgraph, subgraphHttpRouter, type SubgraphContext } from './host.js';

const secret = 'a-shared-secret-of-at-least-32-characters';
const caller: Caller = {
  userId: 'u1',
  isAdmin: false,
  sessionTokenHash: null,
  clientAddress: null,
  userAgent: null,
  requestId: 'r1',
};

describe('a subgraph over HTTP', () => {
  const { server: subgraph } = createSubgraph(
    {
      name: 'notes',
      typeDefs: parse('type Query { whoami: String, secrets: [String] }'),
      resolvers: {
        Query: {
          whoami: (_: unknown, __: unknown, context: SubgraphContext) => context.caller.userId,
          secrets: () => ['only for the caller it was signed for'],
        },
      },
    },
    silentLogger,
  );
  let url: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    await subgraph.start();
    const app = express();
    app.use(subgraphHttpRouter(subgraph, secret));
    const server = await listen(app, 0, '127.0.0.1');
    url = `http://127.0.0.1:${portOf(server)}/graphql`;
    stop = () => closeServer(server);
  });
  afterAll(async () => {
    await stop();
    await subgraph.stop();
  });

  const post = (body: string, header: string) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', [CALLER_HEADER]: header }, body });

  it("answers the gateway's signed call once, and refuses it replayed or with another query", async () => {
    const body = JSON.stringify({ query: '{ whoami }' });
    const header = signCaller(caller, secret, { audience: 'notes', body });
    const first = await post(body, header);
    expect(await first.json()).toEqual({ data: { whoami: 'u1' } });
    expect((await post(body, header)).status).toBe(401);

    const another = signCaller(caller, secret, { audience: 'notes', body });
    expect((await post(JSON.stringify({ query: '{ secrets }' }), another)).status).toBe(401);
  });

  it('refuses a call signed for another service', async () => {
    const body = JSON.stringify({ query: '{ whoami }' });
    expect((await post(body, signCaller(caller, secret, { audience: 'billing', body }))).status).toBe(401);
  });
});
