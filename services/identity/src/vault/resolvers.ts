import { DomainError, requireInternalCaller, type SubgraphContext, type SubgraphDefinition } from '@brandloom/runtime';
import type { CredentialVault } from './vault.js';

const ownerOf = (context: SubgraphContext): string => {
  if (!context.caller.userId) throw new DomainError('Please sign in first', 'UNAUTHENTICATED');
  return context.caller.userId;
};

/** The vault's part of identity's graph: masked reads and saves for owners, clear AI keys and platform credentials for services. */
export function vaultResolvers(vault: CredentialVault): SubgraphDefinition['resolvers'] {
  return {
    Query: {
      apiKeys: (_: unknown, __: unknown, context: SubgraphContext) => vault.read(ownerOf(context)),
      ownerOpenAiCredentials: (_: unknown, __: unknown, context: SubgraphContext) => {
        requireInternalCaller(context.caller);
        return vault.openAiCredentials(ownerOf(context));
      },
      ownerPlatformCredentials: (_: unknown, args: { platform: string }, context: SubgraphContext) => {
        requireInternalCaller(context.caller);
        return vault.platformCredentials(ownerOf(context), args.platform);
      },
    },
    Mutation: {
      saveApiKeys: (_: unknown, args: { input: unknown }, context: SubgraphContext) =>
        vault.save(ownerOf(context), args.input, context.caller.requestId),
    },
  };
}
