import type { SubgraphContext, SubgraphDefinition } from '@brandloom/runtime';
import type { IdentityApplication, SignedIn } from './application.js';
import type { UsersReadModel } from './read-models/users.js';

type Resolvers = SubgraphDefinition['resolvers'];

/** A user's record is visible to that user and to admins; to anyone else it does not exist. */
function visibleUser(users: UsersReadModel, id: string, context: SubgraphContext) {
  const { userId, isAdmin } = context.caller;
  return userId === id || isAdmin ? users.get(id) : null;
}

export function identityResolvers(app: IdentityApplication, users: UsersReadModel): Resolvers {
  const signedIn = (context: SubgraphContext, result: SignedIn) => {
    context.sessionGrant = result.grant;
    return { user: users.get(result.userId) };
  };
  return {
    Query: {
      me: (_: unknown, __: unknown, context: SubgraphContext) =>
        context.caller.userId ? users.get(context.caller.userId) : null,
      sessionPrincipal: (_: unknown, __: unknown, context: SubgraphContext) =>
        context.caller.sessionTokenHash ? app.resolveSession(context.caller.sessionTokenHash) : null,
    },
    Mutation: {
      signUp: async (_: unknown, args: { input: unknown }, context: SubgraphContext) =>
        signedIn(context, await app.signUp(args.input, context.caller)),
      signIn: async (_: unknown, args: { input: unknown }, context: SubgraphContext) =>
        signedIn(context, await app.signIn(args.input, context.caller)),
      masterLogin: async (_: unknown, args: { input: unknown }, context: SubgraphContext) =>
        signedIn(context, await app.masterLogin(args.input, context.caller)),
      signOut: async (_: unknown, __: unknown, context: SubgraphContext) => {
        await app.signOut(context.caller);
        context.sessionGrant = { kind: 'clear' };
        return { signedOut: true };
      },
    },
    User: {
      __resolveReference: (reference: { id: string }, context: SubgraphContext) =>
        visibleUser(users, reference.id, context),
    },
  };
}
