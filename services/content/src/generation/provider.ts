import { DomainError } from '@brandloom/runtime';
import { GraphQLError } from 'graphql';
import OpenAI from 'openai';

export interface ProviderSettings {
  /** The server-wide OpenAI-compatible endpoint (OPENAI_BASE_URL); the SDK's default when unset. */
  baseUrl: string | undefined;
  model: string;
  timeoutMs: number;
}

export interface OwnerCredentials {
  apiKey: string;
  /** The owner's own endpoint (a local model server, say), over the server-wide one. */
  baseUrl: string | null;
}

export interface Completion {
  text: string;
  promptTokens: number;
  completionTokens: number;
  model: string;
}

export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

/** An OpenAI-compatible chat endpoint through the official SDK, with the owner's key. */
export function aiProvider(settings: ProviderSettings) {
  const clientFor = (credentials: OwnerCredentials) =>
    new OpenAI({
      apiKey: credentials.apiKey,
      baseURL: credentials.baseUrl ?? settings.baseUrl ?? null,
      timeout: settings.timeoutMs,
      // A refused or slow call is the owner's to retry; silent retries would multiply the wait.
      maxRetries: 0,
    });

  return {
    model: settings.model,

    async complete(credentials: OwnerCredentials, messages: ChatMessage[], maxTokens = 1200): Promise<Completion> {
      try {
        const completion = await clientFor(credentials).chat.completions.create({
          model: settings.model,
          messages,
          max_tokens: maxTokens,
          temperature: 0.8,
        });
        return {
          text: completion.choices[0]?.message?.content?.trim() ?? '',
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
          model: completion.model || settings.model,
        };
      } catch (error) {
        throw providerFailure(error);
      }
    },

    /** Whether the key opens the endpoint (lists the models: no tokens spent). */
    async check(credentials: OwnerCredentials): Promise<void> {
      try {
        await clientFor(credentials).models.list();
      } catch (error) {
        throw providerFailure(error);
      }
    },
  };
}

export type AiProvider = ReturnType<typeof aiProvider>;

/**
 * The provider's failure in the product's words. The provider's own message is never passed on:
 * it may quote part of the key ("Incorrect API key provided: sk-…").
 */
export function providerFailure(error: unknown): Error {
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return unavailable('The AI provider did not answer in time. Please try again in a moment.');
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return unavailable('Could not reach the AI provider. Check the base URL in API Settings and try again.');
  }
  if (error instanceof OpenAI.AuthenticationError) {
    return new DomainError('The AI provider rejected your API key. Check the key in API Settings.', 'BAD_USER_INPUT');
  }
  if (error instanceof OpenAI.PermissionDeniedError) {
    return new DomainError(
      'Your API key is not allowed to use this model. Check your AI provider account.',
      'BAD_USER_INPUT',
    );
  }
  if (error instanceof OpenAI.RateLimitError) {
    const quota = error.code === 'insufficient_quota';
    return new DomainError(
      quota
        ? 'Your AI provider account has run out of credit (quota exceeded). Check your plan and billing with the provider.'
        : 'The AI provider is rate limiting your requests. Please wait a minute and try again.',
      'TOO_MANY_REQUESTS',
    );
  }
  if (error instanceof OpenAI.NotFoundError) {
    return new DomainError('The AI provider does not know the configured model.', 'BAD_USER_INPUT');
  }
  if (error instanceof OpenAI.APIError) {
    return unavailable(`The AI provider failed to answer (status ${error.status ?? 'unknown'}). Please try again.`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function unavailable(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'SERVICE_UNAVAILABLE' } });
}
