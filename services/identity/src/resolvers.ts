import type { SubgraphContext, SubgraphDefinition } from '@brandloom/runtime';
import type { IdentityApplication, SignedIn } from './application.js';
import type { UsersReadModel } from './read-models/users.js';
import type { AdminAccounts } from './admin/admin.js';
import type { SupportDesk } from './support/support.js';

type Resolvers = SubgraphDefinition['resolvers'];

/** A user's record is visible to that user and to admins; to anyone else it does not exist. */
function visibleUser(users: UsersReadModel, id: string, context: SubgraphContext) {
  const { userId, isAdmin } = context.caller;
  return userId === id || isAdmin ? users.get(id) : null;
}

export function identityResolvers(
  app: IdentityApplication,
  users: UsersReadModel,
  extras: { admin: AdminAccounts; support: SupportDesk },
): Resolvers {
  const signedIn = (context: SubgraphContext, result: SignedIn) => {
    context.sessionGrant = result.grant;
    return { user: users.get(result.userId) };
  };
  const resolvers: Resolvers = {
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
  return withAdminAndSupport(resolvers, users, extras);
}

/** The master admin's and the contact form's resolvers, beside the account ones. */
function withAdminAndSupport(
  resolvers: Resolvers,
  users: UsersReadModel,
  { admin, support }: { admin: AdminAccounts; support: SupportDesk },
): Resolvers {
  const { Query, Mutation, User } = resolvers as Record<string, Record<string, unknown>>;
  return {
    ...resolvers,
    Query: {
      ...Query,
      adminUsers: (_: unknown, __: unknown, context: SubgraphContext) => admin.users(context.caller),
      accountStats: (_: unknown, __: unknown, context: SubgraphContext) => admin.stats(context.caller),
    },
    Mutation: {
      ...Mutation,
      adminAccountAction: async (_: unknown, args: { userId: string; action: string }, context: SubgraphContext) => {
        await admin.act(args.userId, args.action, context.caller);
        return { success: true, user: users.get(args.userId) };
      },
      contactSupport: (_: unknown, args: { input: unknown }, context: SubgraphContext) =>
        support.contact(args.input, context.caller),
    },
    User: {
      ...User,
      accountHistory: (user: { id: string }, _: unknown, context: SubgraphContext) =>
        context.caller.isAdmin ? users.actions(user.id) : [],
    },
  };
}
