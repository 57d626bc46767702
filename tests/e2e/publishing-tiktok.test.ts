import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostChanged } from '@brandloom/proto-events';
import { openSqliteBus, type Bus } from '@brandloom/runtime';
import { signUpOwner, type SiteClient } from '../support/browser-client.js';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { startFakeTikTok, type FakeTikTok } from '../fakes/tiktok-server.js';
import { publishEvent } from '../fakes/bus-events.js';

// No INSTAGRAM_DEFAULT_IMAGE_URL: a post without an image link has no photo for TikTok's drafts.
let server: TestServer;
let tiktok: FakeTikTok;
let bus: Bus;
beforeAll(async () => {
  tiktok = await startFakeTikTok();
  server = await startTestServer({ TIKTOK_API_BASE_URL: tiktok.baseUrl, PLATFORM_TIMEOUT_MS: '2000' });
  bus = openSqliteBus({ file: join(server.dataDir, 'bus.db') });
});
afterAll(async () => {
  await bus?.close();
  await server?.dispose();
  await tiktok?.close();
});

interface Owner {
  browser: SiteClient;
  userId: string;
}

async function owner(keys: Record<string, string> = {}): Promise<Owner> {
  const { browser } = await signUpOwner(server.url);
  if (Object.keys(keys).length > 0) expect((await browser.post('/api/user/api-keys', keys)).status).toBe(200);
  const { id } = (await (await browser.get('/api/auth/user')).json()) as { id: string };
  return { browser, userId: id };
}

const packOf = async (who: Owner, postId: string) =>
  (
    (await (
      await who.browser.post('/graphql', {
        query: `{ tiktokContentPack(postId: "${postId}") { caption hashtags uploadedToDrafts } }`,
      })
    ).json()) as { data: { tiktokContentPack: unknown } }
  ).data.tiktokContentPack;

/** A TikTok post of the owner's as content publishes it; answers once publishing has taken it in. */
async function tiktokPost(who: Owner, content: string): Promise<string> {
  const postId = randomUUID();
  await publishEvent(bus, PostChanged, {
    postId,
    userId: who.userId,
    platform: 'tiktok',
    content,
    status: 'approved',
    autoPost: false,
    scheduledTime: null,
    postedTime: null,
    changedAt: new Date().toISOString(),
  });
  await expect.poll(() => packOf(who, postId), { timeout: 5000 }).not.toBeNull();
  return postId;
}

const sendToDrafts = (who: Owner, postId: string) => who.browser.post(`/api/tiktok/packs/${postId}/drafts`, {});
const draftsWith = (postId: string) =>
  tiktok.drafts.filter((draft) => JSON.stringify(draft.body).includes(postId.slice(0, 8)));

describe('a TikTok content pack', () => {
  it('goes into the creator drafts once, with its photo, and reads as uploaded', async () => {
    const creator = tiktok.addAccount('bakerytok');
    const shop = await owner({ tiktokAccessToken: creator.accessToken });
    const marker = randomUUID();
    const postId = await tiktokPost(
      shop,
      `Watch us shape the dough ${marker.slice(0, 8)} https://cdn.example.com/dough.webp #bakery #fyp`,
    );
    const caption = `Watch us shape the dough ${marker.slice(0, 8)} https://cdn.example.com/dough.webp`;
    expect(await packOf(shop, postId)).toEqual({ caption, hashtags: ['#bakery', '#fyp'], uploadedToDrafts: false });

    const sent = await sendToDrafts(shop, postId);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ postId, caption, hashtags: ['#bakery', '#fyp'], uploadedToDrafts: true });
    const uploads = tiktok.drafts.filter((draft) => JSON.stringify(draft.body).includes(marker.slice(0, 8)));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.username).toBe('bakerytok');
    expect(uploads[0]!.body).toEqual({
      post_info: {
        title: `Watch us shape the dough ${marker.slice(0, 8)}`,
        description: `Watch us shape the dough ${marker.slice(0, 8)}\n\n#bakery #fyp`,
      },
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: 0,
        photo_images: ['https://cdn.example.com/dough.webp'],
      },
      post_mode: 'MEDIA_UPLOAD',
      media_type: 'PHOTO',
    });
    expect(await packOf(shop, postId)).toMatchObject({ uploadedToDrafts: true });

    // Sent again: the recorded pack is answered, nothing is uploaded again.
    expect((await sendToDrafts(shop, postId)).status).toBe(200);
    expect(draftsWith(marker)).toHaveLength(1);

    // Two clicks at once on a pack not yet sent: one upload.
    const other = randomUUID();
    const secondPost = await tiktokPost(shop, `Oven at dawn ${other.slice(0, 8)} https://cdn.example.com/oven.jpg`);
    const together = await Promise.all([sendToDrafts(shop, secondPost), sendToDrafts(shop, secondPost)]);
    expect(together.map((response) => response.status)).toEqual([200, 200]);
    expect(draftsWith(other)).toHaveLength(1);
  });

  it('says what is missing: the TikTok token, or a photo', async () => {
    const tokenless = await owner();
    const withoutToken = await tiktokPost(tokenless, 'New loaves https://cdn.example.com/loaf.jpg #bakery');
    const noToken = await sendToDrafts(tokenless, withoutToken);
    expect(noToken.status).toBe(400);
    expect(await noToken.json()).toMatchObject({
      message: 'Add your TikTok access token in API Settings to send packs to your drafts.',
    });

    const creator = tiktok.addAccount();
    const shop = await owner({ tiktokAccessToken: creator.accessToken });
    const withoutPhoto = await tiktokPost(shop, 'Text only today #bakery');
    const noPhoto = await sendToDrafts(shop, withoutPhoto);
    expect(noPhoto.status).toBe(400);
    expect(await noPhoto.json()).toMatchObject({
      message: 'TikTok drafts need a photo: add an image link to the post, or copy the content pack.',
    });
    expect(await packOf(shop, withoutPhoto)).toMatchObject({ uploadedToDrafts: false });

    // TikTok's photo posts take no PNG: said before TikTok is asked.
    const withPng = await tiktokPost(shop, 'Sketch of the shop https://cdn.example.com/sketch.png #bakery');
    const png = await sendToDrafts(shop, withPng);
    expect(png.status).toBe(400);
    expect(await png.json()).toMatchObject({
      message:
        'TikTok drafts take .jpg or .webp photos, not .png: link a .jpg or .webp image, or copy the content pack.',
    });
    expect(tiktok.drafts.filter((draft) => JSON.stringify(draft.body).includes('sketch.png'))).toHaveLength(0);
  });

  it("passes on TikTok's reason when it refuses the token or the scope, and records nothing", async () => {
    const creator = tiktok.addAccount();
    const shop = await owner({ tiktokAccessToken: creator.accessToken });
    const postId = await tiktokPost(shop, 'Croissants https://cdn.example.com/croissant.jpg #pastry');

    tiktok.withoutUploadScope(creator.accessToken);
    const unscoped = await sendToDrafts(shop, postId);
    expect(unscoped.status).toBe(400);
    expect(await unscoped.json()).toMatchObject({
      message: expect.stringMatching(/TikTok refused the access token: The user did not authorize the scope/),
    });

    tiktok.expire(creator.accessToken);
    const refused = await sendToDrafts(shop, postId);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      message: expect.stringMatching(/TikTok refused the access token: The access token is invalid/),
    });
    expect(await packOf(shop, postId)).toMatchObject({ uploadedToDrafts: false });
  });

  it("is the owner's alone: another owner gets 404", async () => {
    const creator = tiktok.addAccount();
    const shop = await owner({ tiktokAccessToken: creator.accessToken });
    const postId = await tiktokPost(shop, 'Our bakery https://cdn.example.com/shop.jpg #bakery');
    const other = await owner({ tiktokAccessToken: tiktok.addAccount().accessToken });
    const response = await sendToDrafts(other, postId);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: 'Post not found' });
    expect(await packOf(other, postId)).toBeNull();
    expect(draftsWith(postId)).toHaveLength(0);
  });
});
