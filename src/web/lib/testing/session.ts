import { createStore } from 'jotai';
import { sessionAtom, type SessionUser } from '../session';

/** A jotai store whose session is a signed-in staff member of `role`, for rendering a screen as that role. */
export function signedInStore(role: string, roleId: number, user: Partial<SessionUser> = {}) {
  const store = createStore();
  store.set(sessionAtom, {
    status: 'signed-in',
    kind: 'user',
    token: 't',
    user: {
      id: 'u',
      name: 'Ada Obi',
      email: 'a@b.ng',
      initials: 'AO',
      role,
      roleId,
      hospital: null,
      mustChangePassword: false,
      ...user,
    },
  });
  return store;
}
