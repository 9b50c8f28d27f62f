import { describe, expect, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import type { TokenClaims } from '../../platform/http/auth';
import { Unauthorized } from '../../platform/http/errors';
import type { SessionStarted } from './events';
import { SessionAlreadyStarted, sessionDecider } from './session';
import { sessionIsOpen } from './session-guard';

const started: SessionStarted = {
  type: 'SessionStarted',
  data: {
    sessionId: 's-1',
    userId: 'u-1',
    hospitalId: 'h-1',
    role: 'nurse',
    via: 'login',
    startedAt: '2025-03-01T09:00:00.000Z',
    expiresAt: '2025-03-01T21:00:00.000Z',
  },
};
const now = '2025-03-01T10:00:00.000Z';

describe('session decider', () => {
  it('starts a session once', () => {
    given(sessionDecider).when({ type: 'StartSession', session: started.data }).then([started]);
    given(sessionDecider, [started])
      .when({ type: 'StartSession', session: started.data })
      .thenThrows(SessionAlreadyStarted);
  });

  it('logs out an open session of the same user, once', () => {
    const logout = { type: 'Logout', sessionId: 's-1', userId: 'u-1', now } as const;
    given(sessionDecider, [started])
      .when(logout)
      .then([{ type: 'LoggedOut', data: { sessionId: 's-1', userId: 'u-1', at: now } }]);
    given(sessionDecider, [started, { type: 'LoggedOut', data: { sessionId: 's-1', userId: 'u-1', at: now } }])
      .when(logout)
      .then([]);
    given(sessionDecider, [started])
      .when({ ...logout, userId: 'u-2' })
      .thenThrows(Unauthorized);
    given(sessionDecider).when(logout).thenThrows(Unauthorized);
  });

  it('revokes an open session only', () => {
    const revoke = { type: 'RevokeSession', sessionId: 's-1', reason: 'security', now } as const;
    given(sessionDecider, [started])
      .when(revoke)
      .then([{ type: 'SessionRevoked', data: { sessionId: 's-1', userId: 'u-1', reason: 'security', at: now } }]);
    given(sessionDecider).when(revoke).then([]);
  });
});

describe('session check', () => {
  const claims: TokenClaims = { userId: 'u-1', hospitalId: 'h-1', role: 'nurse', sessionId: 's-1', name: 'Bola' };
  const row = {
    user_id: 'u-1',
    hospital_id: 'h-1',
    expires_at: new Date('2025-03-01T21:00:00.000Z'),
    revoked_at: null,
    role: 'nurse',
    is_active: true,
    deleted: false,
    full_name: 'Bola Adeyemi',
    account_hospital_id: 'h-1',
    hospital_status: 'active' as string | null,
    started_at: new Date('2025-03-01T09:00:00.000Z'),
    session_epoch: 3,
    credential_epoch: 3,
    must_change_password: false,
    last_seen_at: null as Date | null,
  };
  const at = new Date(now);

  it('accepts an open session', () => {
    expect(sessionIsOpen(row, claims, at)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['revoked', { ...row, revoked_at: new Date(now) }],
    ['expired', { ...row, expires_at: new Date(now) }],
    ['of a deactivated account', { ...row, is_active: false }],
    ['of a deleted account', { ...row, deleted: true }],
    ['whose role changed', { ...row, role: 'doctor' }],
    ['begun before a credential or role change', { ...row, credential_epoch: 7 }],
    ['of another user', { ...row, user_id: 'u-2' }],
    ['of another hospital', { ...row, hospital_id: 'h-2', account_hospital_id: 'h-2' }],
    ['of an inactive hospital', { ...row, hospital_status: 'inactive' }],
  ])('refuses a session %s', (_, r) => {
    expect(sessionIsOpen(r, claims, at)).toBe(false);
  });
});
