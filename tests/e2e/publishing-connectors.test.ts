import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformConnectors, oauth1Signature, type PlatformCredentials } from '@brandloom/publishing/connectors';
import { connectorContract } from '@brandloom/publishing/connectors/contract';
import { startFakeX, type FakeX } from '../fakes/x-server.js';
import { startFakeGraph, type FakeGraph } from '../fakes/graph-server.js';
import { startFakeTikTok, type FakeTikTok } from '../fakes/tiktok-server.js';

let x: FakeX;
let graph: FakeGraph;
let tiktok: FakeTikTok;
beforeAll(async () => {
  [x, graph, tiktok] = await Promise.all([startFakeX(), startFakeGraph(), startFakeTikTok()]);
  graph.containerLooksInProgress = 1;
});
afterAll(async () => {
  await Promise.all([x?.close(), graph?.close(), tiktok?.close()]);
});

const connectors = () =>
  platformConnectors({
    xBaseUrl: x.baseUrl,
    graphBaseUrl: graph.baseUrl,
    tiktokBaseUrl: tiktok.baseUrl,
    timeoutMs: 400,
    instagramDefaultImageUrl: 'https://cdn.example.com/shop.jpg',
    containerPollMs: 20,
  });

describe('OAuth 1.0a signatures', () => {
  it('match the worked example of X’s documentation', () => {
    // developer.x.com "Creating a signature": the documented inputs give hCtSmYh+iHYCEqBWrE7C7hYmtUk=.
    const signature = oauth1Signature(
      'POST',
      'https://api.twitter.com/1.1/statuses/update.json',
      {
        status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
        include_entities: 'true',
        oauth_consumer_key: 'xvz1evFS4wEEPTGEFPHBog',
        oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '1318622958',
        oauth_token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        oauth_version: '1.0',
      },
      'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
      'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
    );
    expect(signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });
});

connectorContract('X', () => ({
  connector: connectors().twitter,
  account() {
    const account = x.addAccount();
    return {
      credentials: {
        apiKey: account.apiKey,
        apiSecret: account.apiSecret,
        accessToken: account.accessToken,
        accessTokenSecret: account.accessTokenSecret,
      },
      accountName: `@${account.username}`,
    };
  },
  failNext: (failure, target) => x.failNext({ kind: failure, resetInSeconds: 1 }, { target: target ?? 'publish' }),
  slowNext: (ms) => x.failNext({ kind: 'slow', delayMs: ms }),
  expire: (credentials) => x.expire(credentials.accessToken!),
  tamper: (credentials) => ({ ...credentials, apiSecret: `${credentials.apiSecret}x` }),
  postsWithText: (text) => x.posts.filter((post) => post.text === text).length,
  addComment: (postId, text) => x.addComment(postId, text),
}));

const graphSubject = (platform: 'instagram' | 'facebook') => () => ({
  connector: connectors()[platform],
  account() {
    const account = platform === 'instagram' ? graph.addInstagramAccount() : graph.addPage();
    const credentials: PlatformCredentials = { accessToken: account.accessToken, pageId: account.id };
    return { credentials, accountName: platform === 'instagram' ? `@${account.name}` : account.name };
  },
  failNext: (failure: 'rate_limited' | 'expired' | 'invalid' | 'server_error', target?: 'publish' | 'any') =>
    graph.failNext({ kind: failure }, { target: target ?? 'publish' }),
  slowNext: (ms: number) => graph.failNext({ kind: 'slow', delayMs: ms }),
  expire: (credentials: PlatformCredentials) => graph.expire(credentials.accessToken!),
  tamper: (credentials: PlatformCredentials) => ({ ...credentials, accessToken: 'EAAGnot-a-token' }),
  postsWithText: (text: string) => graph.posts.filter((post) => post.text === text).length,
  addComment: (postId: string, text: string) => graph.addComment(postId, text),
});

connectorContract('Instagram', graphSubject('instagram'));
connectorContract('Facebook', graphSubject('facebook'));

connectorContract(
  'TikTok',
  () => ({
    connector: connectors().tiktok,
    account() {
      const account = tiktok.addAccount();
      return { credentials: { accessToken: account.accessToken }, accountName: `@${account.username}` };
    },
    failNext: () => undefined,
    slowNext: () => undefined,
    expire: (credentials) => tiktok.expire(credentials.accessToken!),
    tamper: () => ({ accessToken: 'act.not-a-token' }),
    postsWithText: () => 0,
    addComment: () => '',
  }),
  { publishes: false },
);

describe('the Instagram connector', () => {
  it('reports the account’s publishing quota from content_publishing_limit', async () => {
    const account = graph.addInstagramAccount();
    graph.quotaTotal = 25;
    const credentials = { accessToken: account.accessToken, pageId: account.id };
    await connectors().instagram.publish(credentials, 'One post today https://cdn.example.com/cake.png');
    expect(await connectors().instagram.fetchQuota(credentials)).toEqual({ used: 1, limit: 25, windowHours: 24 });
    graph.quotaTotal = 100;
  });

  it('posts the image a post names, without its address in the caption', async () => {
    const account = graph.addInstagramAccount();
    const credentials = { accessToken: account.accessToken, pageId: account.id };
    await connectors().instagram.publish(credentials, 'Fresh bread https://cdn.example.com/loaf.jpg #bakery');
    expect(graph.posts.at(-1)?.text).toBe('Fresh bread #bakery');
  });
});
