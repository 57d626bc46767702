import { describe, expect, it } from 'vitest';
import { deciderSpec } from '@brandloom/runtime/testing';
import { userDecider } from './user.js';

const spec = deciderSpec(userDecider);
const userId = '4b8f8a7e-9a4b-4d8e-8f43-0a5e0c9b1d21';
const at = '2026-11-25T10:00:00.000Z';
const signedUp = {
  type: 'identity.UserSignedUp' as const,
  data: {
    userId,
    email: 'ana@shop.test',
    firstName: 'Ana',
    lastName: 'Silva',
    passwordHash: '$argon2id$x',
    isAdmin: false,
    registeredAt: at,
    createdBy: 'self' as const,
  },
};
const register = {
  type: 'RegisterUser' as const,
  userId,
  email: 'ana@shop.test',
  firstName: 'Ana',
  lastName: 'Silva',
  passwordHash: '$argon2id$x',
  isAdmin: false,
  createdBy: 'self' as const,
  at,
};

describe('a user who has not registered', () => {
  it('registers with the details given', () => {
    spec.given([]).when(register).then([signedUp]);
  });

  it('cannot become an admin', () => {
    spec
      .given([])
      .when({ type: 'GrantAdminRole', at })
      .thenThrows(/No such account/);
  });
});

describe('a registered user', () => {
  it('cannot register a second time', () => {
    spec
      .given([signedUp])
      .when(register)
      .thenThrows(/already exists/);
  });

  it('still folds a sign-in recorded on its stream before sign-ins became sessions', () => {
    const later = '2026-11-26T08:00:00.000Z';
    spec
      .given([signedUp, { type: 'identity.UserSignedIn', data: { userId, at: later } }])
      .when({ type: 'ChangePassword', passwordHash: '$argon2id$y', at: later })
      .then([{ type: 'identity.PasswordChanged', data: { userId, passwordHash: '$argon2id$y', at: later } }]);
  });

  it('becomes an admin once', () => {
    spec
      .given([signedUp])
      .when({ type: 'GrantAdminRole', at })
      .then([{ type: 'identity.AdminRoleGranted', data: { userId, at } }]);
    spec
      .given([signedUp, { type: 'identity.AdminRoleGranted', data: { userId, at } }])
      .when({ type: 'GrantAdminRole', at })
      .thenNothingHappened();
  });

  it('loses the admin role once, and only if it has it', () => {
    const granted = { type: 'identity.AdminRoleGranted' as const, data: { userId, at } };
    spec
      .given([signedUp, granted])
      .when({ type: 'RevokeAdminRole', at })
      .then([{ type: 'identity.AdminRoleRevoked', data: { userId, at } }]);
    spec.given([signedUp]).when({ type: 'RevokeAdminRole', at }).thenNothingHappened();
  });

  it('changes password', () => {
    spec
      .given([signedUp])
      .when({ type: 'ChangePassword', passwordHash: '$argon2id$y', at })
      .then([{ type: 'identity.PasswordChanged', data: { userId, passwordHash: '$argon2id$y', at } }]);
  });
});

describe('suspension by the master admin', () => {
  const adminId = '55555555-5555-4555-8555-555555555555';
  const suspended = { type: 'identity.UserSuspended' as const, data: { userId, by: adminId, at } };
  const activated = { type: 'identity.UserActivated' as const, data: { userId, by: adminId, at } };

  it('suspends an active account, recording who did it', () => {
    spec.given([signedUp]).when({ type: 'Suspend', by: adminId, at }).then([suspended]);
  });

  it('ends every session of the account: the session epoch moves on', () => {
    const state = [signedUp, suspended].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toMatchObject({ account: { isActive: false, sessionEpoch: 1 } });
  });

  it('activates a suspended account, and refuses what does not apply', () => {
    spec.given([signedUp, suspended]).when({ type: 'Activate', by: adminId, at }).then([activated]);
    spec
      .given([signedUp, suspended])
      .when({ type: 'Suspend', by: adminId, at })
      .thenThrows(/already suspended/);
    spec
      .given([signedUp])
      .when({ type: 'Activate', by: adminId, at })
      .thenThrows(/already active/);
    spec
      .given([])
      .when({ type: 'Suspend', by: adminId, at })
      .thenThrows(/No such account/);
  });
});
