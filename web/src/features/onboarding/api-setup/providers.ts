import type { ApiKeysFieldsFragment } from '../../../gql/graphql.js';

export type KeyField = Exclude<keyof ApiKeysFieldsFragment, '__typename'>;
export type ProviderKey = 'openai' | 'twitter' | 'instagram' | 'facebook' | 'tiktok';

export interface ProviderGuide {
  key: ProviderKey;
  label: string;
  /** What connecting it gives the owner. */
  purpose: string;
  /** Where the owner finds the values, step by step. */
  whereToFind: string[];
  link: { label: string; href: string };
  /** Exactly API Settings' fields for the provider; `required` ones must be set to count as connected. */
  fields: { name: KeyField; label: string; secret: boolean; required: boolean; hint?: string }[];
}

/** The guided credentials, one provider at a time. The field names are the vault's. */
export const providerGuides: ProviderGuide[] = [
  {
    key: 'openai',
    label: 'OpenAI',
    purpose:
      'Writes your posts. Required: Brandloom uses your own key, so you pay the provider directly (about $0.02 a post).',
    whereToFind: [
      'Sign in at platform.openai.com (new accounts often get a small free credit).',
      'Open "API keys" and choose "Create new secret key".',
      'Copy the key (it starts with sk-) and paste it here; OpenAI shows it only once.',
    ],
    link: { label: 'Open OpenAI API keys', href: 'https://platform.openai.com/api-keys' },
    fields: [
      { name: 'openaiApiKey', label: 'OpenAI API Key', secret: true, required: true },
      {
        name: 'openaiBaseUrl',
        label: 'Base URL (optional)',
        secret: false,
        required: false,
        hint: 'Only for another OpenAI-compatible service; leave empty for OpenAI.',
      },
    ],
  },
  {
    key: 'twitter',
    label: 'X (Twitter)',
    purpose: 'Publishes approved posts to your X account.',
    whereToFind: [
      'Sign in at developer.x.com and open the Developer Portal.',
      'Create a Project and an App, and give the App "Read and write" permissions.',
      'Under "Keys and tokens", generate the API Key and Secret, the Access Token and Secret, and the Bearer Token.',
    ],
    link: { label: 'Open the X Developer Portal', href: 'https://developer.x.com/en/portal/dashboard' },
    fields: [
      { name: 'twitterApiKey', label: 'API Key', secret: true, required: true },
      { name: 'twitterApiSecret', label: 'API Secret', secret: true, required: true },
      { name: 'twitterAccessToken', label: 'Access Token', secret: true, required: true },
      { name: 'twitterAccessTokenSecret', label: 'Access Token Secret', secret: true, required: true },
      { name: 'twitterBearerToken', label: 'Bearer Token', secret: true, required: false },
    ],
  },
  {
    key: 'instagram',
    label: 'Instagram',
    purpose: 'Publishes approved posts to an Instagram business or creator account linked to a Facebook Page.',
    whereToFind: [
      'Make your Instagram account a business or creator account and link it to your Facebook Page.',
      'At developers.facebook.com create an App; its App ID and App Secret are under Settings → Basic.',
      'In the Graph API Explorer, generate a token with instagram_basic and instagram_content_publish; the Page ID is in your Page\'s "About" section.',
    ],
    link: { label: 'Open Meta for Developers', href: 'https://developers.facebook.com/apps' },
    fields: [
      { name: 'instagramAccessToken', label: 'Access Token', secret: true, required: true },
      { name: 'instagramPageId', label: 'Page ID', secret: true, required: true },
      { name: 'instagramAppId', label: 'App ID', secret: true, required: false },
      { name: 'instagramAppSecret', label: 'App Secret', secret: true, required: false },
    ],
  },
  {
    key: 'facebook',
    label: 'Facebook',
    purpose: 'Publishes approved posts to your Facebook Page.',
    whereToFind: [
      'At developers.facebook.com create an App; its App ID and App Secret are under Settings → Basic.',
      'In the Graph API Explorer, generate a Page access token with pages_manage_posts.',
      'Your Page ID is in the Page\'s "About" section.',
    ],
    link: { label: 'Open Meta for Developers', href: 'https://developers.facebook.com/apps' },
    fields: [
      { name: 'facebookAccessToken', label: 'Access Token', secret: true, required: true },
      { name: 'facebookPageId', label: 'Page ID', secret: true, required: true },
      { name: 'facebookAppId', label: 'App ID', secret: true, required: false },
      { name: 'facebookAppSecret', label: 'App Secret', secret: true, required: false },
    ],
  },
  {
    key: 'tiktok',
    label: 'TikTok',
    purpose: 'Prepares TikTok content packs (TikTok posts are finished in the TikTok app).',
    whereToFind: [
      'Sign in at developers.tiktok.com and create an App.',
      "The App ID (client key) is on the App's page.",
      'Authorise your account with the Content Posting scope to get an access token.',
    ],
    link: { label: 'Open TikTok for Developers', href: 'https://developers.tiktok.com/apps' },
    fields: [
      { name: 'tiktokAccessToken', label: 'Access Token', secret: true, required: true },
      { name: 'tiktokAppId', label: 'App ID', secret: true, required: false },
    ],
  },
];

export type ProviderState = 'not-set' | 'saved' | 'connected';

/**
 * A provider's state: connected once a test passed (this visit, or publishing's last check for a
 * platform), saved when its required fields are in the vault, else not set.
 */
export function providerState(
  guide: ProviderGuide,
  saved: Partial<Record<KeyField, string | null>>,
  verified: boolean,
): ProviderState {
  const complete = guide.fields.every((field) => !field.required || Boolean(saved[field.name]));
  if (!complete) return 'not-set';
  return verified ? 'connected' : 'saved';
}

const allKeyFields = providerGuides.flatMap((guide) => guide.fields.map((field) => field.name));

/**
 * Credentials as the vault's and the tests' inputs take them: every field named, the ones not
 * given left undefined, which the request leaves out and the vault keeps as saved.
 */
export function keysInput(
  values: Partial<Record<KeyField, string | null>>,
): Record<KeyField, string | null | undefined> {
  return Object.fromEntries(allKeyFields.map((name) => [name, values[name]])) as Record<
    KeyField,
    string | null | undefined
  >;
}

/** One provider's fields, to save or test: the vault keeps every field left out. */
export function providerValues(guide: ProviderGuide, form: Record<KeyField, string>) {
  return keysInput(Object.fromEntries(guide.fields.map((field) => [field.name, form[field.name]])));
}
