import { atom } from 'jotai';
import { currentToken, type SessionKind } from './session-storage';

import type { RoleCode } from '../../shared/roles';

export type Role = RoleCode;

export type SessionHospital = { id: string; hospitalId: string; name: string; status: string; setupStatus?: string };

/** One module of a staff member's permission list (product-spec-1 §3). */
export type SessionPermission = { module: string; actions: string[] };

/** The signed-in person, normalised from /admin/profile or /auth/me. */
export type SessionUser = {
  id: string;
  name: string;
  email: string;
  initials: string;
  role: Role | string;
  roleId: number;
  jobTitle?: string | null;
  employeeId?: string | null;
  firstName?: string;
  lastName?: string;
  department?: string | null;
  specialization?: string | null;
  phone?: string | null;
  profilePicture?: string | null;
  permissions?: SessionPermission[];
  hospital: SessionHospital | null;
  /** Staff: the server's flag until a generated password is changed; admin: due on first login (lib/session-user.ts). */
  mustChangePassword: boolean;
  lastLoginAt?: string | null;
};

export type SessionState =
  | { status: 'loading'; kind: SessionKind }
  | { status: 'anonymous' }
  | { status: 'signed-in'; kind: SessionKind; token: string; user: SessionUser };

function initialSession(): SessionState {
  const stored = typeof localStorage === 'undefined' ? null : currentToken();
  return stored ? { status: 'loading', kind: stored.kind } : { status: 'anonymous' };
}

/** The one source of truth for who is signed in; the auth feature loads and updates it. */
export const sessionAtom = atom<SessionState>(initialSession());

export const signedInUserAtom = atom((get) => {
  const s = get(sessionAtom);
  return s.status === 'signed-in' ? s.user : null;
});
