import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SiteClient } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.dispose());

const graphql = (query: string, target = server) => new SiteClient(target.url).post('/graphql', { query });
const errorsOf = async (response: Response) =>
  ((await response.json()) as { errors: { message: string; extensions: { code: string } }[] }).errors;

const aliases = (count: number, name = (i: number) => `a${i}`) =>
  `{ ${Array.from({ length: count }, (_, i) => `${name(i)}: __typename`).join(' ')} }`;
const nestedFragments = (count: number) =>
  `{ ...f0 } ${Array.from({ length: count }, (_, i) => `fragment f${i} on Query { ${i + 1 < count ? `...f${i + 1}` : '__typename'} }`).join(' ')}`;

describe('an anonymous /graphql request', () => {
  it('of 3,300 aliases (95 KB) is refused at the door, and /healthz answers meanwhile', async () => {
    const query = aliases(3_300, (i) => `alias_number_${i}`);
    expect(query.length).toBeGreaterThan(95_000);
    const [refused, health] = await Promise.all([graphql(query), new SiteClient(server.url).get('/healthz')]);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ message: 'The request body is too large' });
    expect(health.status).toBe(200);
  });

  it('of more tokens than any product query is refused with a 400 before it is parsed', async () => {
    const response = await graphql(aliases(1_500));
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]).toMatchObject({
      // (sic: graphql's own wording)
      message: 'Syntax Error: Document contains more that 2000 tokens. Parsing aborted.',
      extensions: { code: 'GRAPHQL_PARSE_FAILED' },
    });
  });

  it('of more than 20 aliases is refused with a 400 that says so', async () => {
    const response = await graphql(aliases(21));
    expect(response.status).toBe(400);
    expect((await errorsOf(response))[0]).toMatchObject({
      message: 'The operation is too large: more than 20 aliases. Please send a smaller query.',
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    expect((await graphql(aliases(20))).status).toBe(200);
  });

  it('of 3,000 nested fragments gets a 4xx, never a 500; as many as fit in the limits are answered', async () => {
    expect((await graphql(nestedFragments(3_000))).status).toBe(413);
    const fitting = await graphql(nestedFragments(200));
    expect(fitting.status).toBe(200);
    expect(await fitting.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('nested deeper than 10 levels is refused with a 400', async () => {
    const deep = `{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } }`;
    const response = await graphql(deep);
    expect(response.status).toBe(400);
    expect((await errorsOf(response)).map((error) => error.message)).toContain(
      'The operation is too large: more than 10 levels of nesting. Please send a smaller query.',
    );
  });

  it('gets no schema tour: introspection is off and errors make no suggestions', async () => {
    const introspection = await graphql('{ __schema { queryType { name } } }');
    expect(introspection.status).toBe(400);
    const typo = await graphql('{ mee { id } }');
    expect(typo.status).toBe(400);
    const [error] = await errorsOf(typo);
    expect(error?.message).not.toMatch(/Did you mean/);
  });
});

describe('GRAPHQL_INTROSPECTION=true', () => {
  it('turns introspection and suggestions back on', async () => {
    const open = await startTestServer({ GRAPHQL_INTROSPECTION: 'true' });
    try {
      const introspection = await graphql('{ __schema { queryType { name } } }', open);
      expect(await introspection.json()).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
      const [error] = await errorsOf(await graphql('{ mee { id } }', open));
      expect(error?.message).toMatch(/Did you mean "me"/);
    } finally {
      await open.dispose();
    }
  });
});
