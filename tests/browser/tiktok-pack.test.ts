import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';
import { ownerInBrowser } from '../support/browser-owner.js';
import { startFakeTikTok, type FakeTikTok } from '../fakes/tiktok-server.js';
import { packText } from '../../web/src/features/moderation/tiktok-pack.js';

describe('the TikTok pack as text', () => {
  it('is the caption, a blank line, then the hashtags', () => {
    expect(packText({ caption: 'Fresh bread', hashtags: ['#bakery', '#fyp'] })).toBe('Fresh bread\n\n#bakery #fyp');
    expect(packText({ caption: 'Fresh bread', hashtags: [] })).toBe('Fresh bread');
  });
});

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('a TikTok post in Moderation', () => {
  let server: TestServer;
  let tiktok: FakeTikTok;
  let browser: Browser;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    tiktok = await startFakeTikTok();
    server = await startTestServer({ TIKTOK_API_BASE_URL: tiktok.baseUrl });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await tiktok?.close();
  });

  it('shows the content pack, downloads it and sends it to the TikTok drafts', { timeout: 30_000 }, async () => {
    const { page, context } = await ownerInBrowser(browser, server.url, { consoleErrors });
    try {
      const creator = tiktok.addAccount('bakerytok');
      expect(
        (await page.request.post('/api/user/api-keys', { data: { tiktokAccessToken: creator.accessToken } })).status(),
      ).toBe(200);
      const content = 'Watch us shape the dough https://cdn.example.com/dough.jpg #bakery #sourdough #fyp';
      const created = await page.request.post('/api/posts', {
        data: { platform: 'tiktok', content, status: 'pending' },
      });
      expect(created.status()).toBe(201);

      const { id: postId } = (await created.json()) as { id: string };
      // Publishing hears of the post a moment after content makes it; until then there is no pack.
      const pack = async () =>
        (
          (await (
            await page.request.post('/graphql', {
              data: { query: `{ tiktokContentPack(postId: "${postId}") { postId } }` },
            })
          ).json()) as { data: { tiktokContentPack: unknown } }
        ).data.tiktokContentPack;
      await expect.poll(pack, { timeout: 10_000 }).not.toBeNull();

      await page.goto('/moderation');
      const box = page.getByRole('region', { name: 'TikTok content pack' });
      await box.waitFor();
      const text = 'Watch us shape the dough https://cdn.example.com/dough.jpg\n\n#bakery #sourdough #fyp';
      expect(await box.getByTestId('tiktok-pack-text').innerText()).toBe(text);

      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await box.getByRole('button', { name: 'Copy caption' }).click();
      await page.getByText('Copied', { exact: true }).first().waitFor();
      expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(text);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        box.getByRole('button', { name: 'Download pack' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^tiktok-pack-[0-9a-f]{8}\.txt$/);
      expect(await readFile((await download.path())!, 'utf8')).toBe(`${text}\n`);

      await box.getByRole('button', { name: 'Send to TikTok drafts' }).click();
      await page.getByText('Sent to TikTok drafts', { exact: true }).first().waitFor();
      await box.getByText('In your TikTok drafts').waitFor();
      expect(await box.getByRole('button', { name: 'Send to TikTok drafts' }).count()).toBe(0);
      expect(tiktok.drafts.filter((draft) => draft.username === 'bakerytok')).toHaveLength(1);
      expect(consoleErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
