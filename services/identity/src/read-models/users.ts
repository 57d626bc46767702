import type { Projection, RecordedEvent } from '@brandloom/runtime';
import { identityCodec } from '../events.js';

/** What the product shows of an account (never the password hash). */
export interface UserProfile {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isActive: boolean;
  createdAt: string;
  lastActiveAt: string | null;
}

/** Accounts by id, for `me` and for the `User` entity. */
export class UsersReadModel implements Projection {
  readonly name = 'users';
  private readonly byId = new Map<string, UserProfile>();

  get(userId: string): UserProfile | null {
    return this.byId.get(userId) ?? null;
  }

  /** Every account that is an admin now. */
  admins(): UserProfile[] {
    return [...this.byId.values()].filter((profile) => profile.isAdmin);
  }

  apply(recorded: RecordedEvent): void {
    if (!identityCodec.knows(recorded.type)) return;
    const event = identityCodec.decode(recorded);
    switch (event.type) {
      case 'identity.UserSignedUp': {
        const { userId, email, firstName, lastName, isAdmin, registeredAt } = event.data;
        this.byId.set(userId, {
          id: userId,
          email,
          firstName,
          lastName,
          isAdmin,
          isActive: true,
          createdAt: registeredAt,
          lastActiveAt: registeredAt,
        });
        return;
      }
      case 'identity.UserSignedIn':
        return this.update(event.data.userId, { lastActiveAt: event.data.at });
      case 'identity.AdminRoleGranted':
        return this.update(event.data.userId, { isAdmin: true });
      case 'identity.AdminRoleRevoked':
        return this.update(event.data.userId, { isAdmin: false });
      default:
        return;
    }
  }

  private update(userId: string, change: Partial<UserProfile>): void {
    const profile = this.byId.get(userId);
    if (profile) this.byId.set(userId, { ...profile, ...change });
  }
}
