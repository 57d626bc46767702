import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a fake platform can be told to do to the next requests, as the real platform does on a
 * bad day. `slow` answers normally after `delayMs` (the post is made: a client that gave up
 * must find it); the others refuse without making anything.
 */
export type ScriptedFailure =
  | { kind: 'rate_limited'; resetInSeconds?: number }
  | { kind: 'expired' }
  | { kind: 'invalid'; reason?: string }
  | { kind: 'server_error' }
  | { kind: 'slow'; delayMs: number };

/** Which requests a scripted failure applies to: the publishing calls, or any call. */
export type ScriptTarget = 'publish' | 'any';

export interface FakePost {
  id: string;
  /** The account (X user id, Instagram user id or Page id) it was posted as. */
  account: string;
  text: string;
  at: Date;
  inReplyTo: string | null;
}

/** What every fake platform shares: the failure script, the posts it made, the requests it saw. */
export class PlatformFakeState {
  readonly posts: FakePost[] = [];
  /** Every publishing request that reached the fake, made or refused, with its text. */
  readonly publishRequests: { account: string; text: string; outcome: string }[] = [];
  /** Every publishing answer leaves this long after the post is made (a platform under load). */
  publishLatencyMs = 0;
  private readonly script: { failure: ScriptedFailure; target: ScriptTarget; left: number }[] = [];
  private nextId = 1_000_000;

  failNext(failure: ScriptedFailure, options: { times?: number; target?: ScriptTarget } = {}): void {
    this.script.push({ failure, target: options.target ?? 'publish', left: options.times ?? 1 });
  }

  /** Forgets every failure still scripted. */
  clearScript(): void {
    this.script.length = 0;
  }

  /** The failure scripted for this request, if any (used up as it is taken). */
  take(isPublish: boolean): ScriptedFailure | null {
    const entry = this.script.find((candidate) => candidate.target === 'any' || isPublish);
    if (!entry) return null;
    entry.left -= 1;
    if (entry.left <= 0) this.script.splice(this.script.indexOf(entry), 1);
    return entry.failure;
  }

  newId(): string {
    this.nextId += 1;
    return String(this.nextId);
  }

  record(account: string, text: string, inReplyTo: string | null = null): FakePost {
    const post = { id: this.newId(), account, text, at: new Date(), inReplyTo };
    this.posts.push(post);
    return post;
  }

  /** A comment from someone else under a post; returns its id. */
  addComment(postId: string, text: string, author = 'a_customer'): string {
    return this.record(author, text, postId).id;
  }

  /** Posts (not replies) whose text contains `marker`, by how many times each was made. */
  countsOf(markers: readonly string[]): Map<string, number> {
    const counts = new Map(markers.map((marker) => [marker, 0]));
    for (const post of this.posts) {
      if (post.inReplyTo) continue;
      for (const marker of markers) if (post.text.includes(marker)) counts.set(marker, counts.get(marker)! + 1);
    }
    return counts;
  }
}

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingMessage['headers'];
  body: string;
}

export type FakeHandler = (request: FakeRequest, res: ServerResponse) => Promise<void> | void;

/** A real HTTP server on loopback around a handler; `close` drops open connections (a slow answer too). */
export async function startFakeServer(handler: FakeHandler): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      await handler({ method: req.method ?? 'GET', url, headers: req.headers, body }, res);
    })().catch(() => {
      if (!res.headersSent) sendJson(res, 500, { error: 'the fake failed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.writableEnded || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A slow platform: the request is handled (a post is made) at once, the answer leaves `ms`
 * later. A client that gives up first must find the post rather than make it again.
 */
export function answerLater(res: ServerResponse, ms: number): void {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  let head: unknown[] = [];
  res.writeHead = ((...args: unknown[]) => {
    head = args;
    return res;
  }) as typeof res.writeHead;
  res.end = ((...args: unknown[]) => {
    setTimeout(() => {
      if (res.destroyed) return;
      writeHead(...head);
      end(...args);
    }, ms);
    return res;
  }) as typeof res.end;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}
