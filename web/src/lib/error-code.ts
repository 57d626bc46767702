import { CombinedGraphQLErrors } from '@apollo/client/errors';

/** The `extensions.code` of a failed operation's first error ('FORBIDDEN', 'BAD_USER_INPUT' …). */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.['code'];
  return typeof code === 'string' ? code : undefined;
}
