import { DomainError, type Caller, type ServiceClient } from '@brandloom/runtime';
import type { BrandReadModel } from '../brand/brand-read-model.js';
import { KEY_MISSING, ownerCredentials } from '../generation/generator.js';
import type { AiProvider, Completion } from '../generation/provider.js';
import type { PostsReadModel } from '../posts/posts-read-model.js';
import {
  brandProfilePrompt,
  parseBrandProfileAnswer,
  parseDraftRequest,
  type BrandProfileDraft,
} from './brand-profile.js';

export interface OnboardingDependencies {
  services: ServiceClient;
  provider: AiProvider;
  brands: BrandReadModel;
  posts: PostsReadModel;
  /** Adds a draft's tokens to the owner's month (the studio's usage), counting no post. */
  recordDraftTokens: (completion: Completion, caller: Caller) => Promise<void>;
}

/** Room for a profile of four short fields as JSON; the answer is never a long text. */
const DRAFT_MAX_TOKENS = 800;

/** Guided onboarding's content side: what is already saved, and a brand profile drafted by AI. */
export function onboardingApplication({
  services,
  provider,
  brands,
  posts,
  recordDraftTokens,
}: OnboardingDependencies) {
  const owner = (caller: Caller): string => {
    if (!caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
    return caller.userId;
  };

  return {
    /** Quick Setup resumes from what is saved; it keeps no progress record of its own. */
    progress(caller: Caller) {
      const userId = owner(caller);
      return { brandSettingsSaved: brands.get(userId) !== null, postsCreated: posts.count(userId) };
    },

    /**
     * A draft for the owner to review: nothing of it is saved here and no post is counted against
     * the plan (it is not a post), but its tokens join the month's total, as they cost the owner.
     * The provider's failures read as the studio's do.
     */
    async draftBrandProfile(input: unknown, caller: Caller): Promise<BrandProfileDraft> {
      const userId = owner(caller);
      const { description } = parseDraftRequest(input);
      const credentials = await ownerCredentials(services, { userId, requestId: caller.requestId });
      if (!credentials) throw new DomainError(KEY_MISSING, 'BAD_USER_INPUT');
      const completion = await provider.complete(credentials, brandProfilePrompt(description), DRAFT_MAX_TOKENS);
      await recordDraftTokens(completion, caller);
      return parseBrandProfileAnswer(completion.text);
    },
  };
}

export type OnboardingApplication = ReturnType<typeof onboardingApplication>;
