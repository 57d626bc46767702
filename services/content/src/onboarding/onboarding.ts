import { DomainError, type Caller, type ServiceClient } from '@brandloom/runtime';
import type { BrandReadModel } from '../brand/brand-read-model.js';
import { KEY_MISSING, ownerCredentials } from '../generation/generator.js';
import type { AiProvider } from '../generation/provider.js';
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
}

/** Room for a profile of four short fields as JSON; the answer is never a long text. */
const DRAFT_MAX_TOKENS = 800;

/** Guided onboarding's content side: what is already saved, and a brand profile drafted by AI. */
export function onboardingApplication({ services, provider, brands, posts }: OnboardingDependencies) {
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
     * A draft for the owner to review: nothing is saved here, and nothing is counted against the
     * plan's monthly posts (it is not a post). The provider's failures read as the studio's do.
     */
    async draftBrandProfile(input: unknown, caller: Caller): Promise<BrandProfileDraft> {
      const userId = owner(caller);
      const { description } = parseDraftRequest(input);
      const credentials = await ownerCredentials(services, { userId, requestId: caller.requestId });
      if (!credentials) throw new DomainError(KEY_MISSING, 'BAD_USER_INPUT');
      const completion = await provider.complete(credentials, brandProfilePrompt(description), DRAFT_MAX_TOKENS);
      return parseBrandProfileAnswer(completion.text);
    },
  };
}

export type OnboardingApplication = ReturnType<typeof onboardingApplication>;
