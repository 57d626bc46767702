import { CombinedGraphQLErrors, ServerError, ServerParseError } from '@apollo/client/errors';

export const NETWORK_ERROR_MESSAGE = 'Network error. Please try again.';

/** Statuses a proxy answers with when the API behind it cannot be reached. */
const UPSTREAM_UNAVAILABLE = new Set([502, 503, 504]);

function firstGraphQLMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('errors' in body)) return undefined;
  const { errors } = body as { errors?: unknown };
  if (!Array.isArray(errors)) return undefined;
  const first: unknown = errors[0];
  if (typeof first !== 'object' || first === null || !('message' in first)) return undefined;
  const { message } = first as { message?: unknown };
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/**
 * The text to show the user for a failed GraphQL operation: the server's own message when it
 * sent one, the screen's fallback when it answered without one, and the network message when it
 * could not be reached.
 */
export function userFacingMessage(error: unknown, fallback: string): string {
  if (CombinedGraphQLErrors.is(error)) {
    return firstGraphQLMessage({ errors: error.errors }) ?? fallback;
  }
  if (ServerError.is(error)) {
    const unreachable = UPSTREAM_UNAVAILABLE.has(error.statusCode);
    try {
      return firstGraphQLMessage(JSON.parse(error.bodyText)) ?? (unreachable ? NETWORK_ERROR_MESSAGE : fallback);
    } catch {
      return unreachable ? NETWORK_ERROR_MESSAGE : fallback;
    }
  }
  if (ServerParseError.is(error)) return fallback;
  // fetch itself failed (offline, DNS, connection refused): a TypeError passed through as is.
  return NETWORK_ERROR_MESSAGE;
}
