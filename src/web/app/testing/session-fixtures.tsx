import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { sessionAtom, type SessionState, type SessionUser } from '../../lib/session';

/** Test fixtures for app/ component tests: people, and a router + jotai store around a tree. */
export const ADMIN_USER: SessionUser = {
  id: 'adm-1',
  name: 'Ngozi Okafor',
  email: 'ngozi@lagoon.ng',
  initials: 'NO',
  role: 'admin',
  roleId: 0,
  jobTitle: 'Medical Director',
  hospital: { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon', status: 'active' },
  mustChangePassword: false,
};

export const STAFF_USER: SessionUser = {
  id: 'u-9',
  name: 'Tunde Bello',
  email: 'tunde@lagoon.ng',
  initials: 'TB',
  role: 'doctor',
  roleId: 1,
  hospital: ADMIN_USER.hospital,
  mustChangePassword: false,
};

export function signedIn(user: SessionUser, token = 'jwt'): SessionState {
  return { status: 'signed-in', kind: user.role === 'admin' ? 'admin' : 'user', token, user };
}

export function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

export function withSession(session: SessionState, path: string, tree: ReactNode) {
  const store = createStore();
  store.set(sessionAtom, session);
  const ui = (
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {tree}
        <CurrentPath />
      </MemoryRouter>
      <ToastContainer />
    </Provider>
  );
  return { store, ui };
}
