import {
  commandHandler,
  DomainError,
  newId,
  type Caller,
  type CommandMetadata,
  type EventStore,
  type ProjectionRunner,
  type ServiceClient,
} from '@brandloom/runtime';
import { z } from 'zod';
import { brandDecider, brandStream, defaultBrandSettings, parseBrandSettings } from './brand/brand-settings.js';
import type { BrandReadModel } from './brand/brand-read-model.js';
import { contentCodec } from './events.js';
import { generatePost, KEY_MISSING, ownerCredentials, parseGenerationRequest } from './generation/generator.js';
import { providerFailure, type AiProvider, type OwnerCredentials } from './generation/provider.js';
import { isPlatform, platformRules } from './platforms.js';
import { allowanceOf, assertWithinAllowance } from './plans/plan-limits.js';
import type { PlansReadModel } from './plans/plans-read-model.js';
import { parsePostDraft, postDecider, postNotFound, postStream } from './posts/post.js';
import type { PostsReadModel } from './posts/posts-read-model.js';
import { monthOf, usageDecider, usageStream } from './usage/usage.js';
import type { UsageReadModel } from './usage/usage-read-model.js';

export interface ContentDependencies {
  store: EventStore;
  readModels: ProjectionRunner;
  now: () => Date;
  services: ServiceClient;
  provider: AiProvider;
  brands: BrandReadModel;
  posts: PostsReadModel;
  plans: PlansReadModel;
  usage: UsageReadModel;
}

const MASKED = '••••';

/** The content studio's use cases: each checks the caller, validates, decides and returns. */
export function contentApplication(deps: ContentDependencies) {
  const { store, readModels, now, services, provider, brands, posts, plans, usage } = deps;
  const brandHandler = commandHandler({ store, codec: contentCodec, decider: brandDecider });
  const postHandler = commandHandler({ store, codec: contentCodec, decider: postDecider });
  const usageHandler = commandHandler({ store, codec: contentCodec, decider: usageDecider });

  const owner = (caller: Caller): string => {
    if (!caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
    return caller.userId;
  };
  const metadata = (userId: string, caller: Caller): CommandMetadata => ({
    tenantId: userId,
    correlationId: caller.requestId,
    occurredAt: now().toISOString(),
  });
  const settled = async (position: number | null) => {
    if (position !== null) await readModels.waitFor(position);
  };
  const onBehalfOf = (caller: Caller) => ({ userId: owner(caller), requestId: caller.requestId });

  async function requireCredentials(caller: Caller): Promise<OwnerCredentials> {
    const credentials = await ownerCredentials(services, onBehalfOf(caller));
    if (!credentials) throw new DomainError(KEY_MISSING, 'BAD_USER_INPUT');
    return credentials;
  }

  function usageOf(userId: string) {
    const at = now();
    const allowance = allowanceOf(plans.get(userId), at);
    const month = usage.get(userId, monthOf(at));
    return {
      plan: allowance.plan,
      monthlyPostLimit: allowance.limit,
      monthlyPostsUsed: month.generations,
      tokensThisMonth: month.tokens,
    };
  }

  return {
    brandSettings: (caller: Caller) => brands.get(owner(caller)) ?? defaultBrandSettings,

    async saveBrandSettings(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const settings = parseBrandSettings(input);
      const { position } = await brandHandler.handle(
        brandStream(userId),
        { type: 'SaveBrandSettings', userId, settings, at: now().toISOString() },
        metadata(userId, caller),
      );
      await settled(position);
      return settings;
    },

    posts: (caller: Caller) => posts.ofOwner(owner(caller)),

    async createPost(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const draft = parsePostDraft(input);
      const postId = newId();
      const { position } = await postHandler.handle(
        postStream(postId),
        { type: 'CreatePost', postId, userId, at: now().toISOString(), ...draft },
        metadata(userId, caller),
      );
      await settled(position);
      return posts.get(userId, postId);
    },

    async decidePost(postId: string, decision: 'ApprovePost' | 'RejectPost', caller: Caller) {
      const userId = owner(caller);
      if (!z.uuid().safeParse(postId).success) throw postNotFound();
      const { position } = await postHandler.handle(
        postStream(postId),
        { type: decision, userId, at: now().toISOString() },
        metadata(userId, caller),
      );
      await settled(position);
      return posts.get(userId, postId);
    },

    /** A post's history straight from its stream: every decision is an event. */
    async history(postId: string) {
      const events = await store.readStream(postStream(postId));
      const actions: Record<string, string> = {
        'content.PostCreated': 'created',
        'content.PostApproved': 'approved',
        'content.PostRejected': 'rejected',
      };
      return events
        .filter((event) => actions[event.type])
        .map((event) => ({ action: actions[event.type]!, at: event.metadata.occurredAt }));
    },

    usage: (caller: Caller) => usageOf(owner(caller)),
    monthlyPostsUsed: (userId: string) => usage.get(userId, monthOf(now())).generations,
    totalPosts: (userId: string) => posts.count(userId),

    /**
     * The plan's allowance is checked before the provider is paid for a call, and again when
     * the generation is recorded (two at once cannot both take the last one).
     */
    async generate(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const request = parseGenerationRequest(input, brands.get(userId));
      const at = now();
      const allowance = allowanceOf(plans.get(userId), at);
      const month = monthOf(at);
      assertWithinAllowance(allowance, (await usageHandler.load(usageStream(userId, month))).generations);
      const credentials = await requireCredentials(caller);
      const generated = await generatePost(provider, credentials, request);
      const { position } = await usageHandler.handle(
        usageStream(userId, month),
        {
          type: 'RecordGeneration',
          userId,
          month,
          allowance,
          platform: request.platform,
          model: generated.model,
          promptTokens: generated.promptTokens,
          completionTokens: generated.completionTokens,
          attempts: generated.attempts,
          at: at.toISOString(),
        },
        metadata(userId, caller),
      );
      await settled(position);
      return { ...generated.post, platform: request.platform };
    },

    /** The saved key, tried on a short post: {success, message, testContent}; never throws for the provider. */
    async testOpenAi(caller: Caller) {
      const credentials = await ownerCredentials(services, onBehalfOf(caller));
      if (!credentials) return { success: false, message: KEY_MISSING, testContent: null };
      try {
        const completion = await provider.complete(
          credentials,
          [{ role: 'user', content: 'Write one short, upbeat sentence a small shop could post today.' }],
          100,
        );
        return { success: true, message: 'Your API key is working correctly!', testContent: completion.text };
      } catch (error) {
        const failure = providerFailure(error);
        return { success: false, message: failure.message, testContent: null };
      }
    },

    /**
     * Tests the form's values before they are saved. A masked or empty key means the saved one.
     * Social platforms are only checked for completeness: their APIs are not called yet.
     */
    async testConnection(platform: string, input: Record<string, unknown>, caller: Caller) {
      owner(caller);
      if (!isPlatform(platform) && platform !== 'openai') {
        throw new DomainError('Unknown platform: choose openai, twitter, instagram, tiktok or facebook', 'NOT_FOUND');
      }
      const text = (field: string) => (typeof input[field] === 'string' ? (input[field] as string).trim() : '');
      if (platform === 'openai') {
        const typed = text('openaiApiKey');
        const saved = typed && !typed.startsWith(MASKED) ? null : await ownerCredentials(services, onBehalfOf(caller));
        const apiKey = typed && !typed.startsWith(MASKED) ? typed : saved?.apiKey;
        if (!apiKey) throw new DomainError(KEY_MISSING, 'BAD_USER_INPUT');
        const baseUrl = text('openaiBaseUrl') || saved?.baseUrl || null;
        await provider.check({ apiKey, baseUrl });
        return { message: 'Connected to OpenAI successfully.' };
      }
      const label = platformRules[platform].label;
      const filled = Object.keys(input).filter((field) => field.startsWith(platform) && text(field));
      if (filled.length === 0) throw new DomainError(`Enter your ${label} credentials first.`, 'BAD_USER_INPUT');
      return {
        message: `${label} credentials are filled in. Brandloom checks them with ${label} when it first posts.`,
      };
    },
  };
}

export type ContentApplication = ReturnType<typeof contentApplication>;
