import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, expect } from 'vitest';
import { sessionAtom, type SessionUser } from '../../lib/session';
import { deferred, fakeApi, type FakeHandler } from '../../lib/testing/fake-api';
import { signedIn, withSession } from './session-fixtures';

type Reply = { status?: number; body?: unknown };

/**
 * What the admin's and the staff member's profile page tests share: the page rendered for `user`
 * over a fake API (restored after each test), its facts by label, and the checks both pages pass
 * against their own endpoints (loading, failure and retry, a password changed).
 */
export function profilePageHarness(user: SessionUser, path: string, page: ReactElement) {
  let api: ReturnType<typeof fakeApi> | undefined;
  afterEach(() => {
    api?.restore();
    api = undefined;
    localStorage.clear();
  });

  function renderPage(routes: Record<string, FakeHandler>) {
    api = fakeApi(routes);
    const { store, ui } = withSession(signedIn(user), path, page);
    render(ui);
    return store;
  }
  const calls = () => api!.calls;
  const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

  /** Loading shown (and no Change Password) until `route` answers `reply`; then the page's heading. */
  async function showsLoadingThen(route: string, reply: Reply) {
    const gate = deferred<Reply>();
    renderPage({ [route]: () => gate.promise });
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).not.toBeInTheDocument();
    gate.resolve(reply);
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument();
  }

  /** `route` fails with a 503 whose message is shown; the retry loads `ok`, whose e-mail then shows. */
  async function showsFailureThenRetries(route: string, ok: () => Reply, email: string) {
    let fail = true;
    renderPage({
      [route]: () => (fail ? { status: 503, body: { success: false, message: 'Profile service is busy' } } : ok()),
    });
    expect(await screen.findByText('Profile service is busy')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    await waitFor(() => expect(fact('Email')).toHaveTextContent(email));
  }

  /** After the dialog's submit: the success shown, the dialog closed, the body sent to `path`, the session told. */
  async function expectPasswordChanged(changePath: string, store: ReturnType<typeof renderPage>) {
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls().find((c) => c.path === changePath)!.body).toEqual({
      currentPassword: 'old-secret-1',
      newPassword: 'river-stone-7',
      confirmPassword: 'river-stone-7',
    });
    expect(store.get(sessionAtom)).toMatchObject({ status: 'signed-in', user: { mustChangePassword: false } });
  }

  return { renderPage, calls, fact, showsLoadingThen, showsFailureThenRetries, expectPasswordChanged };
}
