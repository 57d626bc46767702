import { describe, expect, it } from 'vitest';
import { parse } from 'graphql';
import { DomainError } from '../decider/decider.js';
import { ReadModelsUnavailableError } from '../projections/runner.js';
import { createLogger } from '../log/logger.js';
import { createSubgraph, type SubgraphContext } from './host.js';

const context = (): SubgraphContext => ({
  caller: {
    userId: 'u1',
    isAdmin: false,
    sessionTokenHash: null,
    clientAddress: null,
    userAgent: null,
    requestId: 'r1',
  },
  sessionGrant: null,
});

function notesSubgraph(lines: string[]) {
  return createSubgraph(
    {
      name: 'notes',
      typeDefs: parse('type Query { whoami: String, refused: String, broken: String }'),
      resolvers: {
        Query: {
          whoami: (_: unknown, __: unknown, ctx: SubgraphContext) => ctx.caller.userId,
          refused: () => {
            throw new DomainError('Brand name is required', 'BAD_USER_INPUT');
          },
          broken: () => {
            throw new Error('the database connection was lost');
          },
        },
      },
    },
    createLogger('error', {}, (line) => lines.push(line)),
  );
}

describe('a subgraph run in process', () => {
  it('answers with the caller it was given', async () => {
    const { execute } = notesSubgraph([]);
    expect(await execute({ query: '{ whoami }' }, context())).toEqual({ data: { whoami: 'u1' } });
  });

  it("shows the product's own messages with their code", async () => {
    const { errors } = await notesSubgraph([]).execute({ query: '{ refused }' }, context());
    expect(errors?.[0]).toMatchObject({
      message: 'Brand name is required',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('masks an unexpected failure and logs it with its stack', async () => {
    const lines: string[] = [];
    const { errors } = await notesSubgraph(lines).execute({ query: '{ broken }' }, context());
    expect(errors).toEqual([
      { message: 'Something went wrong on our side. Please try again.', extensions: { code: 'INTERNAL_SERVER_ERROR' } },
    ]);
    expect(lines.join()).toMatch(/database connection was lost[\s\S]*in-process\.test\.ts/);
  });

  it('refuses what does not parse or validate, as the HTTP server would', async () => {
    const { execute } = notesSubgraph([]);
    expect((await execute({ query: '{ whoami' }, context())).errors?.[0]?.extensions?.['code']).toBe(
      'GRAPHQL_PARSE_FAILED',
    );
    expect((await execute({ query: '{ nothing }' }, context())).errors?.[0]?.extensions?.['code']).toBe(
      'GRAPHQL_VALIDATION_FAILED',
    );
  });
});

describe('an operation run again', () => {
  const echo = () =>
    createSubgraph(
      {
        name: 'echo',
        typeDefs: parse('type Query { echo(text: String!): String!, shout(text: String!): String! }'),
        resolvers: {
          Query: {
            echo: (_: unknown, { text }: { text: string }) => text,
            shout: (_: unknown, { text }: { text: string }) => text.toUpperCase(),
          },
        },
      },
      createLogger('silent'),
    );

  it('takes each call its own variables, though it is prepared once', async () => {
    const { execute } = echo();
    const query = 'query Echo($text: String!) { echo(text: $text) }';
    expect(await execute({ query, variables: { text: 'first' } }, context())).toEqual({ data: { echo: 'first' } });
    expect(await execute({ query, variables: { text: 'second' } }, context())).toEqual({ data: { echo: 'second' } });
    expect((await execute({ query, variables: {} }, context())).errors?.[0]?.message).toMatch(/\$text/);
  });

  it('runs the operation named, in a document of several', async () => {
    const { execute } = echo();
    const query = 'query Quiet { echo(text: "hi") } query Loud { shout(text: "hi") }';
    expect(await execute({ query, operationName: 'Quiet' }, context())).toEqual({ data: { echo: 'hi' } });
    expect(await execute({ query, operationName: 'Loud' }, context())).toEqual({ data: { shout: 'HI' } });
  });
});

describe('a resolver whose read models are behind', () => {
  it('answers SERVICE_UNAVAILABLE with a message that says the change is kept', async () => {
    const { execute } = createSubgraph(
      {
        name: 'notes',
        typeDefs: parse('type Query { late: String }'),
        resolvers: {
          Query: {
            late: () => {
              throw new ReadModelsUnavailableError('read models are behind: waited 10 s for position 9, at 3');
            },
          },
        },
      },
      createLogger('silent'),
    );
    const { errors } = await execute({ query: '{ late }' }, context());
    expect(errors?.[0]).toEqual({
      message: 'Your change is saved, but this part of Brandloom is catching up. Please refresh in a moment.',
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
  });
});
