import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../support/all-in-one.js';
import { uniqueEmail } from '../support/browser-client.js';
import { chromiumMissing, launchChromium } from '../support/browser.js';
import { FAKE_BRAND_PROFILE, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai-server.js';
import { resumeStep } from '../../web/src/features/onboarding/quick-setup/quick-setup-steps.js';
import {
  acceptedProfile,
  hashtagsFromText,
  postingTimesFromText,
} from '../../web/src/features/onboarding/smart-onboarding/accepted-profile.js';
import { providerGuides, providerState } from '../../web/src/features/onboarding/api-setup/providers.js';

// The onboarding screens' small deciders, run in Node.
describe('Quick Setup resumes', () => {
  const saved = { brandSettingsSaved: false, openaiApiKey: '', postsCreated: 0 };
  it('at the first step not saved, in order', () => {
    expect(resumeStep(saved)).toBe('brand');
    expect(resumeStep({ ...saved, brandSettingsSaved: true })).toBe('ai-key');
    expect(resumeStep({ ...saved, brandSettingsSaved: true, openaiApiKey: '••••1234' })).toBe('first-post');
    // A key saved in API Settings first still leaves the brand to do.
    expect(resumeStep({ ...saved, openaiApiKey: '••••1234', postsCreated: 2 })).toBe('brand');
    expect(resumeStep({ brandSettingsSaved: true, openaiApiKey: '••••1234', postsCreated: 1 })).toBe('done');
  });
});

describe('a reviewed brand profile', () => {
  const draft = {
    brandVoice: ' warm ',
    contentGuidelines: 'Show the bread.',
    defaultHashtags: ['#bread'],
    postingTimes: ['07:30'],
  };
  it('saves only what the owner accepted', () => {
    expect(acceptedProfile(draft, new Set(['brandVoice', 'defaultHashtags']))).toEqual({
      brand: { brandVoice: 'warm', defaultHashtags: ['#bread'] },
      peakHours: null,
    });
    expect(acceptedProfile(draft, new Set(['postingTimes']))).toEqual({ brand: null, peakHours: ['07:30'] });
    expect(acceptedProfile(draft, new Set())).toEqual({ brand: null, peakHours: null });
  });
  it('reads the owner’s edits of hashtags and times', () => {
    expect(hashtagsFromText('#a, b  #a ##c')).toEqual(['#a', '#b', '#c']);
    expect(postingTimesFromText('17:00, 7:30 17:00')).toEqual({ times: ['07:30', '17:00'] });
    expect(postingTimesFromText('7:30 noon')).toEqual({ invalid: 'noon' });
  });
});

describe('API Setup’s providers', () => {
  it('ask for exactly the vault’s fields, as API Settings does', () => {
    const schema = readFileSync(new URL('../../services/identity/src/schema.graphql', import.meta.url), 'utf8');
    const input = /input ApiKeysInput \{([^}]*)\}/.exec(schema)![1]!;
    const vaultFields = [...input.matchAll(/^\s*(\w+):/gm)].map((m) => m[1]).sort();
    expect(providerGuides.flatMap((guide) => guide.fields.map((field) => field.name)).sort()).toEqual(vaultFields);
    expect(providerGuides.map((guide) => guide.key)).toEqual(['openai', 'twitter', 'instagram', 'facebook', 'tiktok']);
  });
  it('count a provider as connected only once saved and verified', () => {
    const openai = providerGuides[0]!;
    expect(providerState(openai, {}, true)).toBe('not-set');
    expect(providerState(openai, { openaiApiKey: '••••1234' }, false)).toBe('saved');
    expect(providerState(openai, { openaiApiKey: '••••1234' }, true)).toBe('connected');
  });
});

/**
 * Publishing's platform connectors and its fake Graph API are built in parallel with this screen;
 * the platform test runs once they are on the branch.
 */
const graphFakeFile = new URL('../fakes/graph-server.ts', import.meta.url);
const publishingMissing = existsSync(graphFakeFile)
  ? null
  : 'waits for publishing’s testPlatformConnection and its fake Graph API (tests/fakes/graph-server.ts)';
interface FakeGraph {
  baseUrl: string;
  addPage(name?: string): { id: string; accessToken: string };
  close(): Promise<void>;
}
const loadGraphFake = () =>
  import(/* @vite-ignore */ graphFakeFile.href) as Promise<{ startFakeGraph(): Promise<FakeGraph> }>;

if (chromiumMissing) console.warn(`Browser tests skipped: ${chromiumMissing}`);

describe.skipIf(chromiumMissing !== null)('an owner onboarding in the browser', () => {
  let server: TestServer;
  let fake: FakeOpenAi;
  let browser: Browser;
  let graph: FakeGraph | null;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    graph = publishingMissing ? null : await (await loadGraphFake()).startFakeGraph();
    server = await startTestServer({
      OPENAI_BASE_URL: fake.baseUrl,
      ...(graph ? { GRAPH_API_BASE_URL: graph.baseUrl } : {}),
    });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.dispose();
    await fake?.close();
    await graph?.close();
  });

  /** A fresh owner, signed in through the API in the page's own cookie jar. */
  async function signedInOwner(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const response = await context.request.post('/api/signup', {
      data: { firstName: 'Ana', lastName: 'Silva', email: uniqueEmail('onboard'), password: 'secret1' },
      headers: { origin: server.url },
    });
    expect(response.status()).toBe(201);
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    page.on('console', (message) => {
      // A failed operation the page handles is still logged by the browser as a failed request.
      if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
        consoleErrors.push(message.text());
      }
    });
    return { context, page };
  }
  const api = (context: BrowserContext) => ({
    get: async (path: string) => (await context.request.get(path)).json() as Promise<Record<string, unknown>>,
    post: (path: string, data: unknown) => context.request.post(path, { data, headers: { origin: server.url } }),
  });
  async function graphql(context: BrowserContext, query: string) {
    const response = await context.request.post('/graphql', { data: { query }, headers: { origin: server.url } });
    return (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  }
  const stepCard = (page: Page, title: string) => page.getByRole('region', { name: title });

  async function saveBrandBasics(page: Page) {
    await page.getByLabel('Brand Name').fill('Corner Bakery');
    await page.getByLabel('Brand Voice').fill('warm and neighbourly');
    await page.getByLabel('Default Tone').selectOption('friendly');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await stepCard(page, 'Step 2 · Your AI key').waitFor();
  }

  it('goes from sign-up to a first post in Moderation through Quick Setup alone', { timeout: 60_000 }, async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    await page.goto('/signup', { waitUntil: 'networkidle' });
    await page.getByLabel('First name').fill('Ana');
    await page.getByLabel('Last name').fill('Silva');
    await page.getByLabel('Email').fill(uniqueEmail('quick'));
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The setup page keeps its fixed quarter and leads to Quick Setup.
    await page.getByText('25%', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Start Quick Setup' }).click();
    await page.waitForURL('**/quick-setup');
    await page.getByText('0 of 3 done').waitFor();

    await saveBrandBasics(page);
    await page.getByText('1 of 3 done').waitFor();

    await page.getByLabel('OpenAI API Key').fill('sk-test-quick-12345');
    await page.getByRole('button', { name: 'Test and save key' }).click();
    await stepCard(page, 'Step 3 · Your first post').waitFor();
    await page.getByText('2 of 3 done').waitFor();

    await page.getByLabel('Platform').selectOption('facebook');
    await page.getByLabel('Topic').fill('Fresh sourdough every morning');
    await page.getByRole('button', { name: 'Generate post' }).click();
    const post = page.getByLabel('Your post (edit it if you like)');
    await post.waitFor();
    expect(await post.inputValue()).toContain('Start your week strong');
    await page.getByRole('button', { name: 'Send to Moderation' }).click();
    await stepCard(page, "You're all set").waitFor();
    await page.getByText('3 of 3 done').waitFor();

    await page.getByRole('link', { name: 'Review in Moderation' }).click();
    await page.waitForURL('**/moderation');
    await page.getByRole('tab', { name: 'Pending (1)' }).waitFor();
    await page.getByText('Fresh sourdough every morning').first().waitFor();

    const saved = await api(context).get('/api/brand-settings');
    expect(saved).toMatchObject({
      brandName: 'Corner Bakery',
      brandVoice: 'warm and neighbourly',
      defaultTone: 'friendly',
    });
    expect(await api(context).get('/api/user/api-keys')).toMatchObject({ openaiApiKey: '••••2345' });
    // The brand's name and voice went into the prompt.
    expect(JSON.stringify(fake.requests.at(-1))).toContain('Corner Bakery');
    await context.close();
  });

  it('resumes at the AI key after the owner left once the brand was saved', { timeout: 30_000 }, async () => {
    const { context, page } = await signedInOwner();
    await page.goto('/quick-setup');
    await stepCard(page, 'Step 1 · Brand basics').waitFor();
    await saveBrandBasics(page);

    await page.goto('/home');
    await page.goto('/quick-setup');
    await stepCard(page, 'Step 2 · Your AI key').waitFor();
    await page.getByText('1 of 3 done').waitFor();
    expect(await page.getByRole('listitem').filter({ hasText: 'Your AI key' }).getAttribute('aria-current')).toBe(
      'step',
    );

    // Back to the saved step: it shows what was saved.
    await page.getByRole('button', { name: 'Back' }).click();
    expect(await page.getByLabel('Brand Name').inputValue()).toBe('Corner Bakery');
    await context.close();
  });

  it('shows a provider’s refusal clearly and saves nothing of that step', { timeout: 30_000 }, async () => {
    const { context, page } = await signedInOwner();
    await page.goto('/quick-setup');
    await saveBrandBasics(page);

    await page.getByLabel('OpenAI API Key').fill('sk-bad-quick-98765');
    await page.getByRole('button', { name: 'Test and save key' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Connection Failed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'The AI provider rejected your API key. Check the key in API Settings. Your key was not saved.',
    );
    expect(await alert.textContent()).not.toContain('98765');
    expect(await api(context).get('/api/user/api-keys')).toMatchObject({ openaiApiKey: null });
    await page.reload();
    await stepCard(page, 'Step 2 · Your AI key').waitFor();

    // A key that opens the door but has no credit: the first post fails and no post is created.
    expect((await api(context).post('/api/user/api-keys', { openaiApiKey: 'sk-quota-quick-1234' })).status()).toBe(200);
    await page.reload();
    await stepCard(page, 'Step 3 · Your first post').waitFor();
    await page.getByLabel('Topic').fill('Weekend opening hours');
    await page.getByRole('button', { name: 'Generate post' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your AI provider account has run out of credit (quota exceeded).' })
      .waitFor();
    expect(await api(context).get('/api/onboarding/progress')).toEqual({ brandSettingsSaved: true, postsCreated: 0 });
    await context.close();
  });

  it(
    'drafts a brand profile, lets the owner edit it, and saves only what was accepted',
    { timeout: 30_000 },
    async () => {
      const { context, page } = await signedInOwner();
      expect((await api(context).post('/api/user/api-keys', { openaiApiKey: 'sk-test-smart-1234' })).status()).toBe(
        200,
      );
      await page.goto('/smart-onboarding');

      await page.getByLabel('About your shop').fill('Bread.');
      await page.getByRole('button', { name: 'Draft my brand profile' }).click();
      await page.getByText('Please tell us a little more about your shop (at least 30 characters).').waitFor();

      await page
        .getByLabel('About your shop')
        .fill('We bake sourdough every morning for the families of our street. We like a warm, cheeky tone.');
      await page.getByRole('button', { name: 'Draft my brand profile' }).click();
      const voice = page.getByRole('textbox', { name: 'Brand voice' });
      await voice.waitFor();
      expect(await voice.inputValue()).toBe(FAKE_BRAND_PROFILE.brandVoice);
      expect(await page.getByRole('textbox', { name: 'Default hashtags' }).inputValue()).toBe(
        '#sourdough #realbread #bakery',
      );
      expect(await page.getByRole('textbox', { name: 'Posting times' }).inputValue()).toBe('07:30, 12:00, 17:00');

      await voice.fill('warm and a little cheeky');
      await page.getByRole('textbox', { name: 'Default hashtags' }).fill('#sourdough #streetbakery');
      await page.getByText('Use content guidelines').click();
      await page.getByText('Use posting times').click();
      // A brand never saved needs its name with the profile.
      await page.getByRole('button', { name: 'Save selected' }).click();
      await page.getByRole('alert').filter({ hasText: 'Brand name is required' }).waitFor();
      await page.getByRole('textbox', { name: 'Brand name' }).fill('Corner Bakery');
      await page.getByRole('button', { name: 'Save selected' }).click();
      await page.getByRole('heading', { name: 'Your brand profile is saved' }).waitFor();
      await page
        .getByRole('region', { name: 'Saved' })
        .getByText('Brand Settings (brand voice, default hashtags)')
        .waitFor();

      expect(await api(context).get('/api/brand-settings')).toMatchObject({
        brandName: 'Corner Bakery',
        brandVoice: 'warm and a little cheeky',
        defaultHashtags: ['#sourdough', '#streetbakery'],
        contentGuidelines: '',
      });
      await context.close();
    },
  );

  it(
    'saves accepted posting times as peak hours, or shows plainly that they were not saved',
    { timeout: 30_000 },
    async () => {
      const { context, page } = await signedInOwner();
      expect((await api(context).post('/api/user/api-keys', { openaiApiKey: 'sk-test-times-1234' })).status()).toBe(
        200,
      );
      const scheduling = await graphql(context, '{ scheduleSettings { peakHours } }');
      await page.goto('/smart-onboarding');
      await page
        .getByLabel('About your shop')
        .fill('We roast coffee beans in small batches for home baristas and offices. Friendly, nerdy tone.');
      await page.getByRole('button', { name: 'Draft my brand profile' }).click();
      await page.getByRole('textbox', { name: 'Posting times' }).fill('8:00, 18:30');
      await page.getByText('Use content guidelines').click();
      await page.getByText('Use default hashtags').click();
      await page.getByRole('textbox', { name: 'Brand name' }).fill('Bean There');
      await page.getByRole('button', { name: 'Save selected' }).click();
      const saved = page.getByRole('region', { name: 'Saved' });
      await saved.getByText('Brand Settings (brand voice)').waitFor();

      if (scheduling.errors) {
        // Scheduling cannot save yet (its implementation is another branch's): the owner is told
        // exactly what was saved and what was not.
        console.warn(`Posting times not saved by scheduling yet: ${scheduling.errors[0]?.message}`);
        await page.getByRole('heading', { name: 'Partly saved' }).waitFor();
        await saved
          .getByRole('alert')
          .filter({ hasText: 'Not saved: Posting Schedule (peak hours 08:00, 18:30)' })
          .waitFor();
      } else {
        await saved.getByText('Posting Schedule (peak hours 08:00, 18:30)').waitFor();
        expect(await graphql(context, '{ scheduleSettings { peakHours } }')).toEqual({
          data: { scheduleSettings: { peakHours: ['08:00', '18:30'] } },
        });
      }
      expect(await api(context).get('/api/brand-settings')).toMatchObject({
        brandVoice: FAKE_BRAND_PROFILE.brandVoice,
        defaultHashtags: [],
      });
      await context.close();
    },
  );

  it('shows a provider failure while drafting, and saves nothing', { timeout: 30_000 }, async () => {
    const { context, page } = await signedInOwner();
    expect((await api(context).post('/api/user/api-keys', { openaiApiKey: 'sk-garbled-smart-1234' })).status()).toBe(
      200,
    );
    await page.goto('/smart-onboarding');
    await page
      .getByLabel('About your shop')
      .fill('We sell hand-thrown mugs and bowls to people who love slow mornings. Calm tone.');
    await page.getByRole('button', { name: 'Draft my brand profile' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The AI answer could not be read as a brand profile. Please try again. Nothing was saved.' })
      .waitFor();
    expect(await api(context).get('/api/onboarding/progress')).toMatchObject({ brandSettingsSaved: false });
    await context.close();
  });

  it('without a key, says so and leads to API Setup', { timeout: 30_000 }, async () => {
    const { context, page } = await signedInOwner();
    await page.goto('/smart-onboarding');
    await page.getByText('API Key Missing').waitFor();
    await page.getByRole('link', { name: 'API Setup' }).click();
    await page.waitForURL('**/api-setup');
    await page.getByRole('heading', { name: 'API Setup' }).waitFor();
    await context.close();
  });

  it('tests the AI key inline, saves it masked, and shows it connected', { timeout: 30_000 }, async () => {
    const { context, page } = await signedInOwner();
    await page.goto('/api-setup');
    const openai = page.getByRole('region', { name: 'OpenAI credentials' });
    await openai.getByText('Where to find them').waitFor();
    expect(await page.getByTestId('state-openai').textContent()).toBe('Not connected');

    await openai.getByLabel('OpenAI API Key').fill('sk-bad-setup-98765');
    await openai.getByRole('button', { name: 'Test Connection' }).click();
    await openai.getByText('The AI provider rejected your API key. Check the key in API Settings.').waitFor();

    await openai.getByLabel('OpenAI API Key').fill('sk-test-setup-12345');
    await openai.getByRole('button', { name: 'Test Connection' }).click();
    await openai.getByText('Connected to OpenAI successfully.').waitFor();
    await openai.getByRole('button', { name: 'Save OpenAI' }).click();
    await expect.poll(() => page.getByTestId('state-openai').textContent()).toBe('Connected');
    expect(await openai.getByLabel('OpenAI API Key').inputValue()).toBe('••••2345');
    expect(await api(context).get('/api/user/api-keys')).toMatchObject({
      openaiApiKey: '••••2345',
      twitterApiKey: null,
    });
    await page.getByText('1 of 5 done').waitFor();
    await context.close();
  });

  it('tests a social platform inline with publishing, and shows it connected', { timeout: 30_000 }, async (test) => {
    if (!graph) {
      const reason = `Platform test skipped: ${publishingMissing}`;
      console.warn(reason);
      test.skip(reason);
      return;
    }
    const { context, page } = await signedInOwner();
    const facebookPage = graph.addPage('Corner Bakery');
    await page.goto('/api-setup');
    await page.getByRole('button', { name: /^Facebook/ }).click();
    const facebook = page.getByRole('region', { name: 'Facebook credentials' });
    await facebook.getByLabel('Access Token').fill(facebookPage.accessToken);
    await facebook.getByRole('button', { name: 'Test Connection' }).click();
    await facebook.getByRole('status').filter({ hasText: 'Connection Failed' }).waitFor();

    await facebook.getByLabel('Page ID').fill(facebookPage.id);
    await facebook.getByRole('button', { name: 'Test Connection' }).click();
    await facebook.getByText('Connected to Facebook page Corner Bakery').waitFor();
    await facebook.getByRole('button', { name: 'Save Facebook' }).click();
    await expect.poll(() => page.getByTestId('state-facebook').textContent()).toBe('Connected');
    expect(await api(context).get('/api/user/api-keys')).toMatchObject({
      facebookPageId: `••••${facebookPage.id.slice(-4)}`,
      openaiApiKey: null,
    });
    // After a reload, publishing's own record of the test says connected.
    await page.reload();
    await expect.poll(() => page.getByTestId('state-facebook').textContent()).toBe('Connected');
    await context.close();
  });

  it('logs no errors of its own', () => {
    expect(consoleErrors).toEqual([]);
  });
});
