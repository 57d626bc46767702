/**
 * The behaviour every platform connector must show, as a vitest suite run against each
 * connector and a fake of its platform's documented API (tests/e2e/publishing-connectors.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { isPlatformError, type PlatformConnector, type PlatformCredentials, type PlatformFailure } from './port.js';

/** What the suite needs of a fake platform for one connector. */
export interface ConnectorUnderTest {
  connector: PlatformConnector;
  /** Good credentials for a fresh account, and how the platform names it. */
  account(): { credentials: PlatformCredentials; accountName: string };
  /** Makes the platform refuse the next publishing call (or, with `any`, the next call) as told. */
  failNext(failure: 'rate_limited' | 'expired' | 'invalid' | 'server_error', target?: 'publish' | 'any'): void;
  /** Makes the next publishing call take `ms` before it answers (the post is made). */
  slowNext(ms: number): void;
  /** Revokes the account's token at the platform. */
  expire(credentials: PlatformCredentials): void;
  /** Credentials the platform refuses (a wrong signature or an unknown token). */
  tamper(credentials: PlatformCredentials): PlatformCredentials;
  /** How many posts with this text the platform holds. */
  postsWithText(text: string): number;
  /** A comment by someone else under a post. */
  addComment(platformPostId: string, text: string): string;
}

async function failureOf(call: Promise<unknown>): Promise<PlatformFailure> {
  try {
    await call;
  } catch (error) {
    if (isPlatformError(error)) return error.failure;
    throw error;
  }
  throw new Error('the call succeeded');
}

const unique = (what: string) => `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

/** `publishes`: whether the platform gets posts from Brandloom (TikTok gets a content pack instead). */
export function connectorContract(name: string, setup: () => ConnectorUnderTest, { publishes = true } = {}): void {
  describe(`the ${name} connector`, () => {
    it('verifies good credentials and names the account', async () => {
      const subject = setup();
      const { credentials, accountName } = subject.account();
      expect(await subject.connector.verifyCredentials(credentials)).toEqual({ accountName });
    });

    it('refuses bad credentials and revoked tokens as an auth failure', async () => {
      const subject = setup();
      const { credentials } = subject.account();
      expect((await failureOf(subject.connector.verifyCredentials(subject.tamper(credentials)))).kind).toBe('auth');
      subject.expire(credentials);
      expect((await failureOf(subject.connector.verifyCredentials(credentials))).kind).toBe('auth');
    });

    it('refuses missing credentials, naming them', async () => {
      const subject = setup();
      const failure = await failureOf(subject.connector.verifyCredentials({}));
      expect(failure.kind).toBe('auth');
      expect(failure.reason).toMatch(/Enter your .* credentials first/);
    });

    it('says whether it publishes', () => {
      expect(setup().connector.publishes).toBe(publishes);
    });

    if (!publishes) {
      it('publishes nothing itself, saying why', async () => {
        const subject = setup();
        const failure = await failureOf(subject.connector.publish(subject.account().credentials, 'hello'));
        expect(failure).toMatchObject({ kind: 'invalid', reason: expect.stringMatching(/content pack/) });
      });
      return;
    }

    it('publishes once, with the platform id and link, and finds it again', async () => {
      const subject = setup();
      const { credentials } = subject.account();
      const since = new Date(Date.now() - 1000);
      const text = unique('New arrivals in store today');
      expect(await subject.connector.findPublished(credentials, text, since)).toBeNull();
      const published = await subject.connector.publish(credentials, text);
      expect(published.platformPostId).toMatch(/\S/);
      expect(published.url).toMatch(/^https:\/\//);
      expect(subject.postsWithText(text)).toBe(1);
      expect(await subject.connector.findPublished(credentials, text, since)).toEqual(published);
    });

    it('reads comments, replies to one, and reads the counts', async () => {
      const subject = setup();
      const { credentials } = subject.account();
      const { platformPostId } = await subject.connector.publish(credentials, unique('Weekend sale'));
      const commentId = subject.addComment(platformPostId, 'Is this in stock?');
      const comments = await subject.connector.fetchComments(credentials, platformPostId);
      expect(comments).toEqual([expect.objectContaining({ id: commentId, text: 'Is this in stock?' })]);
      const reply = await subject.connector.replyToComment(credentials, platformPostId, commentId, 'Yes, come by!');
      expect(reply.id).toMatch(/\S/);
      const metrics = await subject.connector.fetchMetrics(credentials, platformPostId);
      expect(metrics.likes).toBe(0);
    });

    it('tells a rate limit, an expired token, refused content and a server error apart', async () => {
      const subject = setup();
      const { credentials } = subject.account();
      const cases = [
        ['rate_limited', 'rate_limited'],
        ['expired', 'auth'],
        ['invalid', 'invalid'],
        ['server_error', 'transient'],
      ] as const;
      for (const [scripted, kind] of cases) {
        subject.failNext(scripted);
        const text = unique('Spring collection');
        const failure = await failureOf(subject.connector.publish(credentials, text));
        expect(failure.kind, scripted).toBe(kind);
        expect(failure.reason.length, scripted).toBeGreaterThan(0);
        expect(subject.postsWithText(text), scripted).toBe(0);
      }
    });

    it('gives up on a slow answer as a transient failure that may have gone through', async () => {
      const subject = setup();
      const { credentials } = subject.account();
      const since = new Date(Date.now() - 1000);
      const text = unique('Slow day at the shop');
      subject.slowNext(700);
      const failure = await failureOf(subject.connector.publish(credentials, text));
      expect(failure).toMatchObject({ kind: 'transient', maybeDone: true });
      // It did go through: the crash check finds it rather than posting it twice.
      expect(await subject.connector.findPublished(credentials, text, since)).not.toBeNull();
    });
  });
}
