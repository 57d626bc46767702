import { AUTO_POSTING_PLAN_REQUIRED } from '@brandloom/proto-events/forms';
import { publishingQuotaWarning } from '@brandloom/publishing/quota-client';
import {
  commandHandler,
  DomainError,
  newId,
  uuidV5,
  type Caller,
  type CommandMetadata,
  type EventStore,
  type OnBehalfOf,
  type ProjectionRunner,
  type ServiceClient,
} from '@brandloom/runtime';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { parseScheduleRequest } from './auto-posting/schedule-request.js';
import { brandDecider, brandStream, defaultBrandSettings, parseBrandSettings } from './brand/brand-settings.js';
import type { BrandReadModel } from './brand/brand-read-model.js';
import { contentCodec } from './events.js';
import {
  generatePost,
  KEY_MISSING,
  ownerCredentials,
  parseGenerationRequest,
  type Generated,
  type GenerationRequest,
} from './generation/generator.js';
import { providerFailure, type AiProvider, type Completion, type OwnerCredentials } from './generation/provider.js';
import type { Platform } from './platforms.js';
import { allowanceOf, allowsAutoPosting, assertWithinAllowance } from './plans/plan-limits.js';
import type { PlansReadModel } from './plans/plans-read-model.js';
import { parsePostDraft, postDecider, postNotFound, postStream, type PostCommand } from './posts/post.js';
import type { PostsReadModel } from './posts/posts-read-model.js';
import { slotDecider, slotPlatforms, slotPostId, slotPostTerms, slotStream, slotTopic } from './slots/slot.js';
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

/** What caused a reaction's commands: the inbox copy of another service's event. */
export interface Cause {
  eventId: string;
  correlationId: string;
}

/** The reports scheduling and publishing make on a post, as commands of the post. */
export type PostReport = Extract<PostCommand, { type: 'RecordQueued' | 'RecordPublished' | 'RecordPublishFailed' }>;

/** A slot of the owner's AI posting schedule, as scheduling reported it. */
export interface Slot {
  slotId: string;
  userId: string;
  slotTime: string;
  platforms: readonly Platform[];
}

/** The content studio's use cases: each checks the caller, validates, decides and returns. */
export function contentApplication(deps: ContentDependencies) {
  const { store, readModels, now, services, provider, brands, posts, plans, usage } = deps;
  const brandHandler = commandHandler({ store, codec: contentCodec, decider: brandDecider });
  const postHandler = commandHandler({ store, codec: contentCodec, decider: postDecider });
  const usageHandler = commandHandler({ store, codec: contentCodec, decider: usageDecider });
  const slotHandler = commandHandler({ store, codec: contentCodec, decider: slotDecider });

  const owner = (caller: Caller): string => {
    if (!caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
    return caller.userId;
  };
  const metadata = (userId: string, caller: Caller): CommandMetadata => ({
    tenantId: userId,
    correlationId: caller.requestId,
    occurredAt: now().toISOString(),
  });
  /** A reaction's commands: the same cause gives the same event ids, so a repeat is dropped. */
  const causedMetadata = (userId: string, cause: Cause, step: string): CommandMetadata => ({
    tenantId: userId,
    correlationId: cause.correlationId,
    causationId: cause.eventId,
    occurredAt: now().toISOString(),
    eventId: (index) => uuidV5(`${cause.eventId}/${step}/${index}`),
  });
  const settled = async (position: number | null) => {
    if (position !== null) await readModels.waitFor(position);
  };
  const onBehalfOf = (caller: Caller) => ({ userId: owner(caller), requestId: caller.requestId });

  async function requireCredentials(on: OnBehalfOf): Promise<OwnerCredentials> {
    const credentials = await ownerCredentials(services, on);
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

  /**
   * One AI post with the owner's key, counted against the plan's monthly allowance. The
   * allowance is checked before the provider is paid for a call, and again when the generation
   * is recorded (two at once cannot both take the last one). Answers where the usage was
   * recorded, for a caller who reads it back.
   */
  async function countedGeneration(
    userId: string,
    request: GenerationRequest,
    on: OnBehalfOf,
    recordAs: CommandMetadata,
  ): Promise<{ generated: Generated; position: number | null }> {
    const at = now();
    const allowance = allowanceOf(plans.get(userId), at);
    const month = monthOf(at);
    assertWithinAllowance(allowance, (await usageHandler.load(usageStream(userId, month))).generations);
    const credentials = await requireCredentials(on);
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
      recordAs,
    );
    return { generated, position };
  }

  /** Publishing's view of the platform's quota at that time; null when it cannot say. */
  const quotaWarning = (platform: Platform, at: string, on: OnBehalfOf) =>
    publishingQuotaWarning(services, platform, at, on);

  /**
   * One post for one platform at a slot, or the slot's failure for it; never both, never twice.
   * Nobody waits on a reaction, so it does not wait for the read models either.
   */
  async function postForSlot(slot: Slot, platform: Platform, cause: Cause): Promise<void> {
    const postId = slotPostId(slot.userId, slot.slotId, platform);
    const failures = slotStream(slot.userId, slot.slotId, platform);
    if ((await postHandler.load(postStream(postId))).status !== 'none') return;
    if ((await slotHandler.load(failures)).failed) return;
    const brand = brands.get(slot.userId);
    const request = parseGenerationRequest(
      { platform, topic: slotTopic(brand, slot.slotTime), includeHashtags: true },
      brand,
    );
    let generated: Generated;
    try {
      ({ generated } = await countedGeneration(
        slot.userId,
        request,
        { userId: slot.userId, requestId: cause.correlationId },
        causedMetadata(slot.userId, cause, `usage/${platform}`),
      ));
    } catch (error) {
      const reason = slotFailureReason(error);
      // An outage of our own (store, another service) is retried, then parked for a replay.
      if (reason === null) throw error;
      await slotHandler.handle(
        failures,
        {
          type: 'RecordSlotFailure',
          slotId: slot.slotId,
          userId: slot.userId,
          platform,
          reason,
          at: now().toISOString(),
        },
        causedMetadata(slot.userId, cause, `failure/${platform}`),
      );
      return;
    }
    const terms = slotPostTerms(brand, platform, allowsAutoPosting(plans.get(slot.userId)));
    await postHandler.handle(
      postStream(postId),
      {
        type: 'CreatePost',
        postId,
        userId: slot.userId,
        at: now().toISOString(),
        platform,
        content: generated.post.content,
        topic: request.topic,
        tone: request.tone,
        isAiGenerated: true,
        includeHashtags: generated.post.hashtags.length > 0,
        autoPost: terms.autoPost,
        approved: terms.approved,
        scheduledTime: slot.slotTime,
        slotId: slot.slotId,
      },
      causedMetadata(slot.userId, cause, `post/${platform}`),
    );
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

    /** A post for review; it goes out by itself once approved when its platform's auto-post is on. */
    async createPost(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const draft = parsePostDraft(input);
      const postId = newId();
      const settings = (brands.get(userId) ?? defaultBrandSettings).platformSettings[draft.platform];
      const { position } = await postHandler.handle(
        postStream(postId),
        {
          type: 'CreatePost',
          postId,
          userId,
          at: now().toISOString(),
          ...draft,
          autoPost: settings.autoPost,
          scheduledTime: null,
          approved: false,
        },
        metadata(userId, caller),
      );
      await settled(position);
      return posts.get(userId, postId);
    },

    /**
     * A post from the Auto-Posting screen: it goes out by itself at its time, once approved
     * (at once when it needs no approval). Professional plans and above only.
     */
    async schedulePost(input: unknown, caller: Caller) {
      const userId = owner(caller);
      if (!allowsAutoPosting(plans.get(userId))) throw new DomainError(AUTO_POSTING_PLAN_REQUIRED, 'FORBIDDEN');
      const request = parseScheduleRequest(input, now());
      const postId = newId();
      const { position } = await postHandler.handle(
        postStream(postId),
        {
          type: 'CreatePost',
          postId,
          userId,
          at: now().toISOString(),
          platform: request.platform,
          content: request.content,
          topic: request.topic,
          tone: request.tone,
          isAiGenerated: false,
          includeHashtags: request.includeHashtags,
          autoPost: true,
          scheduledTime: request.scheduledTime,
          approved: !request.requiresApproval,
        },
        metadata(userId, caller),
      );
      const warning = await quotaWarning(request.platform, request.scheduledTime, onBehalfOf(caller));
      await settled(position);
      return { post: posts.get(userId, postId), quotaWarning: warning };
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

    /** Scheduling or publishing reported on a post; a late or repeated report changes nothing. */
    async recordReport(postId: string, report: PostReport, cause: Cause) {
      await postHandler.handle(postStream(postId), report, causedMetadata(report.userId, cause, 'report'));
    },

    /**
     * A slot of the AI posting schedule came: a post for each platform the brand has enabled.
     * A platform that fails is recorded as the slot's failure and the others go on; nothing here
     * throws for the owner's key, the provider or the plan, so the slot is never retried for them.
     */
    async postsForSlot(slot: Slot, cause: Cause) {
      for (const platform of slotPlatforms(brands.get(slot.userId), slot.platforms)) {
        await postForSlot(slot, platform, cause);
      }
    },

    /** A post's history straight from its stream: every decision and report is an event. */
    async history(postId: string) {
      const events = await store.readStream(postStream(postId));
      const actions: Record<string, string> = {
        'content.PostCreated': 'created',
        'content.PostApproved': 'approved',
        'content.PostRejected': 'rejected',
        'content.PostScheduled': 'scheduled',
        'content.PostPosted': 'posted',
        'content.PostFailed': 'failed',
      };
      return events
        .filter((event) => actions[event.type])
        .map((event) => ({ action: actions[event.type]!, at: event.metadata.occurredAt }));
    },

    usage: (caller: Caller) => usageOf(owner(caller)),
    monthlyPostsUsed: (userId: string) => usage.get(userId, monthOf(now())).generations,

    /** Tokens the owner's AI spent on a draft that is not a post: in the month's total, no post counted. */
    async recordDraftTokens(
      completion: Pick<Completion, 'model' | 'promptTokens' | 'completionTokens'>,
      caller: Caller,
    ) {
      const userId = owner(caller);
      const at = now();
      const month = monthOf(at);
      const { position } = await usageHandler.handle(
        usageStream(userId, month),
        {
          type: 'RecordDraftTokens',
          purpose: 'brand-profile',
          userId,
          month,
          model: completion.model,
          promptTokens: completion.promptTokens,
          completionTokens: completion.completionTokens,
          at: at.toISOString(),
        },
        metadata(userId, caller),
      );
      await settled(position);
    },
    totalPosts: (userId: string) => posts.count(userId),

    async generate(input: unknown, caller: Caller) {
      const userId = owner(caller);
      const request = parseGenerationRequest(input, brands.get(userId));
      const { generated, position } = await countedGeneration(
        userId,
        request,
        onBehalfOf(caller),
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
     * Tests the API Settings form's OpenAI values before they are saved. A masked or empty key
     * means the saved one. The social platforms are publishing's to test (ADR 0013).
     */
    async testConnection(platform: string, input: Record<string, unknown>, caller: Caller) {
      owner(caller);
      if (platform !== 'openai') {
        throw new DomainError('Content tests only the OpenAI connection (platform "openai")', 'NOT_FOUND');
      }
      const text = (field: string) => (typeof input[field] === 'string' ? (input[field] as string).trim() : '');
      const typed = text('openaiApiKey');
      const saved = typed && !typed.startsWith(MASKED) ? null : await ownerCredentials(services, onBehalfOf(caller));
      const apiKey = typed && !typed.startsWith(MASKED) ? typed : saved?.apiKey;
      if (!apiKey) throw new DomainError(KEY_MISSING, 'BAD_USER_INPUT');
      const baseUrl = text('openaiBaseUrl') || saved?.baseUrl || null;
      await provider.check({ apiKey, baseUrl });
      return { message: 'Connected to OpenAI successfully.' };
    },
  };
}

/**
 * Why a slot got no post, in words for the Schedule Queue: the owner's key, the provider and the
 * plan, which waiting would not fix. Null for anything else (an outage of our own).
 */
export function slotFailureReason(error: unknown): string | null {
  return error instanceof DomainError || error instanceof GraphQLError ? error.message : null;
}

export type ContentApplication = ReturnType<typeof contentApplication>;
