import { postPlatforms, type PostPlatform } from '@brandloom/proto-events';
import { commandHandler, DomainError, type Caller, type EventStore, type ProjectionRunner } from '@brandloom/runtime';
import { z } from 'zod';
import {
  isPlatformError,
  postImage,
  type Connectors,
  type PlatformCredentials,
  type PlatformFailure,
} from './connectors/index.js';
import { connectionDecider, connectionStream } from './connections/connection.js';
import { requiredCredentials, type PlatformAccountsReadModel } from './connections/platform-accounts-read-model.js';
import type { CredentialsSource } from './credentials.js';
import { publishingCodec } from './events.js';
import { formLabels, isPostPlatform, platformLabels } from './platforms.js';
import type { PublicationsReadModel } from './publication/publications-read-model.js';
import { quotaAt } from './quota/quota.js';
import { contentPack, draftOf } from './tiktok/content-pack.js';
import { tiktokDraftDecider, tiktokDraftStream } from './tiktok/draft.js';
import type { TikTokPostsReadModel } from './tiktok/tiktok-posts-read-model.js';

export interface PublishingDependencies {
  store: EventStore;
  readModels: ProjectionRunner;
  now: () => Date;
  connectors: Connectors;
  credentials: CredentialsSource;
  publications: PublicationsReadModel;
  accounts: PlatformAccountsReadModel;
  tiktokPosts: TikTokPostsReadModel;
  xPostsPerDay: number;
  /** The photo a post without an image link goes out with (Instagram, TikTok drafts); null: none. */
  defaultImageUrl: string | null;
}

/** What a masked value in the form starts with: the saved secret stands for it. */
const MASK = '••••';
/** Instagram's documented limit of API-published posts per 24 hours, until the account reports its own. */
const INSTAGRAM_POSTS_PER_DAY = 100;

const unknownPlatform = (platform: string) =>
  new DomainError(`Unknown platform: ${platform.slice(0, 40)}`, 'NOT_FOUND');

/** A platform's refusal as the owner reads it: limits and outages as such, anything else with the platform's reason. */
function refusal(label: string, failure: PlatformFailure, fallback: string): DomainError {
  if (failure.kind === 'rate_limited')
    return new DomainError(`${label} is limiting requests right now; try again in a few minutes.`, 'TOO_MANY_REQUESTS');
  if (failure.kind === 'transient')
    return new DomainError(`Could not reach ${label} right now; please try again.`, 'SERVICE_UNAVAILABLE');
  return new DomainError(failure.reason || fallback, 'BAD_USER_INPUT');
}

const postNotFound = () => new DomainError('Post not found', 'NOT_FOUND');

const formSchema = z.record(
  z.string(),
  z.string().max(4000, 'Each credential must be at most 4000 characters').nullish(),
);

/** Publishing's use cases for the owner: connection tests and status, quotas, published posts, TikTok packs. */
export function publishingApplication(deps: PublishingDependencies) {
  const { store, readModels, now, connectors, credentials, publications, accounts, tiktokPosts } = deps;
  const connections = commandHandler({ store, codec: publishingCodec, decider: connectionDecider });
  const tiktokDrafts = commandHandler({ store, codec: publishingCodec, decider: tiktokDraftDecider });
  /** Sends under way, by post: a second click while the first is with TikTok waits for it instead of uploading again. */
  const sendingToDrafts = new Map<string, Promise<unknown>>();

  const owner = (caller: Caller): string => {
    if (!caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
    return caller.userId;
  };
  const platformOf = (platform: string): PostPlatform => {
    if (!isPostPlatform(platform)) throw unknownPlatform(platform);
    return platform;
  };

  function statusOf(userId: string, platform: PostPlatform) {
    const view = accounts.connection(userId, platform);
    const missing = requiredCredentials[platform].filter((field) => !view.credentialsSet.includes(field));
    if (missing.length > 0) {
      return {
        connected: false,
        reason: `${formLabels[platform]} credentials are not saved.`,
        verifiedAt: view.verifiedAt,
      };
    }
    if (view.connected === false) return { connected: false, reason: view.reason, verifiedAt: view.verifiedAt };
    return { connected: true, reason: null, verifiedAt: view.verifiedAt };
  }

  /** The form's values for the platform: typed ones as typed, masked ones from the vault. */
  async function credentialsFromForm(userId: string, platform: PostPlatform, input: unknown, requestId: string) {
    const parsed = formSchema.safeParse(input ?? {});
    if (!parsed.success) throw new DomainError(parsed.error.issues[0]!.message, 'BAD_USER_INPUT');
    const form = Object.entries(parsed.data)
      .filter(([field, value]) => field.startsWith(platform) && value?.trim())
      .map(([field, value]) => [bareName(platform, field), value!.trim()] as const);
    if (form.length === 0)
      throw new DomainError(`Enter your ${formLabels[platform]} credentials first.`, 'BAD_USER_INPUT');
    const usesSaved = form.some(([, value]) => value.startsWith(MASK));
    const saved = usesSaved ? ((await credentials(userId, platform, requestId)) ?? {}) : {};
    const values: PlatformCredentials = {};
    for (const [field, value] of form) {
      const chosen = value.startsWith(MASK) ? saved[field as keyof PlatformCredentials] : value;
      if (chosen) values[field as keyof PlatformCredentials] = chosen;
    }
    // Masked values with nothing saved behind them: there is nothing to test.
    if (Object.keys(values).length === 0) {
      throw new DomainError(`Enter your ${formLabels[platform]} credentials first.`, 'BAD_USER_INPUT');
    }
    return { values, onlySaved: form.every(([, value]) => value.startsWith(MASK)) };
  }

  return {
    platformStatus(caller: Caller) {
      const userId = owner(caller);
      return Object.fromEntries(postPlatforms.map((platform) => [platform, statusOf(userId, platform)]));
    },

    /**
     * Tests the API Settings form's values with the platform. A pass is recorded as a
     * verification; a refusal of the saved credentials marks the account disconnected (a refusal
     * of values not yet saved says nothing about the saved ones).
     */
    async testConnection(platformName: string, input: unknown, caller: Caller) {
      const userId = owner(caller);
      const platform = platformOf(platformName);
      const { values, onlySaved } = await credentialsFromForm(userId, platform, input, caller.requestId);
      const label = platformLabels[platform];
      const metadata = { tenantId: userId, correlationId: caller.requestId, occurredAt: now().toISOString() };
      try {
        const { accountName } = await connectors[platform].verifyCredentials(values);
        const { position } = await connections.handle(
          connectionStream(userId, platform),
          { type: 'RecordVerified', userId, platform, at: now().toISOString() },
          metadata,
        );
        await readModels.waitFor(position);
        const message =
          platform === 'facebook'
            ? `Connected to Facebook page ${accountName}`
            : `Connected to ${label} as ${accountName}`;
        return { success: true, message };
      } catch (error) {
        if (!isPlatformError(error)) throw error;
        const { failure } = error;
        if (failure.kind === 'auth' && onlySaved) {
          const { position } = await connections.handle(
            connectionStream(userId, platform),
            { type: 'RecordAuthFailure', userId, platform, reason: failure.reason, at: now().toISOString() },
            metadata,
          );
          await readModels.waitFor(position);
        }
        throw refusal(label, failure, `Failed to connect to ${label} API. Please check your credentials.`);
      }
    },

    /**
     * The quota ledger at a time: posts published or due in the platform's window before it,
     * against the platform's limit (X: a setting; Instagram: what it last reported, else 100).
     */
    publishingQuota(platformName: string, at: string, caller: Caller) {
      const userId = owner(caller);
      const platform = platformOf(platformName);
      const when = z.iso.datetime({ offset: true }).safeParse(at);
      if (!when.success)
        throw new DomainError('at must be a date and time, e.g. 2026-11-26T09:00:00Z', 'BAD_USER_INPUT');
      const reported = accounts.quotaLimit(userId, platform);
      const limit =
        platform === 'twitter'
          ? deps.xPostsPerDay
          : platform === 'instagram'
            ? (reported?.limit ?? INSTAGRAM_POSTS_PER_DAY)
            : null;
      const windowHours = reported?.windowHours ?? 24;
      const end = new Date(when.data);
      const start = new Date(end.getTime() - windowHours * 3_600_000);
      const used = publications.countInWindow(userId, platform, start.toISOString(), end.toISOString());
      return quotaAt(platform, platformLabels[platform], used, limit, windowHours);
    },

    publications(caller: Caller) {
      return publications.publishedBy(owner(caller)).map((row) => ({
        postId: row.post_id,
        platform: row.platform,
        platformPostId: row.platform_post_id,
        url: row.url,
        publishedAt: row.published_at,
      }));
    },

    async tiktokContentPack(postId: string, caller: Caller) {
      const content = tiktokPosts.contentOf(owner(caller), postId);
      if (content === null) return null;
      const { uploaded } = await tiktokDrafts.load(tiktokDraftStream(postId));
      return { postId, ...contentPack(content), uploadedToDrafts: uploaded };
    },

    /**
     * Puts the post's pack, with its photo, into the owner's TikTok drafts, once: a pack already
     * there is answered as it is. Needs the saved TikTok token with the `video.upload` scope.
     */
    async sendTikTokPackToDrafts(postId: string, caller: Caller) {
      const userId = owner(caller);
      const content = tiktokPosts.contentOf(userId, postId);
      if (content === null) throw postNotFound();
      const pending = sendingToDrafts.get(postId);
      if (pending) await pending.catch(() => undefined);
      const stream = tiktokDraftStream(postId);
      if (!(await tiktokDrafts.load(stream)).uploaded) {
        const sending = uploadDraft(userId, postId, content, caller.requestId);
        sendingToDrafts.set(postId, sending);
        try {
          await sending;
        } finally {
          sendingToDrafts.delete(postId);
        }
      }
      return { postId, ...contentPack(content), uploadedToDrafts: true };
    },
  };

  async function uploadDraft(userId: string, postId: string, content: string, requestId: string) {
    const saved = await credentials(userId, 'tiktok', requestId);
    if (!saved?.accessToken) {
      throw new DomainError(
        'Add your TikTok access token in API Settings to send packs to your drafts.',
        'BAD_USER_INPUT',
      );
    }
    // TikTok's photo posts take JPEG and WEBP only; a PNG link would fail at TikTok, after the call.
    const photo = postImage(content, deps.defaultImageUrl, ['jpg', 'webp']);
    if (!photo && postImage(content, null, ['png'])) {
      throw new DomainError(
        'TikTok drafts take .jpg or .webp photos, not .png: link a .jpg or .webp image, or copy the content pack.',
        'BAD_USER_INPUT',
      );
    }
    if (!photo) {
      throw new DomainError(
        'TikTok drafts need a photo: add an image link to the post, or copy the content pack.',
        'BAD_USER_INPUT',
      );
    }
    let publishId: string;
    try {
      ({ publishId } = await connectors.tiktok.sendPhotoToDrafts(saved, {
        ...draftOf(photo.caption),
        imageUrl: photo.imageUrl,
      }));
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      throw refusal('TikTok', error.failure, 'TikTok refused the draft.');
    }
    const at = now().toISOString();
    // Read back from the stream itself (not a read model), so the answer after this is already true.
    await tiktokDrafts.handle(
      tiktokDraftStream(postId),
      { type: 'RecordUploaded', postId, userId, publishId, at },
      { tenantId: userId, correlationId: requestId, occurredAt: at },
    );
  }
}

/** `twitterAccessTokenSecret` → `accessTokenSecret`. */
function bareName(platform: PostPlatform, field: string): string {
  const bare = field.slice(platform.length);
  return bare.charAt(0).toLowerCase() + bare.slice(1);
}

export type PublishingApplication = ReturnType<typeof publishingApplication>;
