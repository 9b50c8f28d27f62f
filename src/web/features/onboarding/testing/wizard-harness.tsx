import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, vi } from 'vitest';
import { sessionAtom } from '../../../lib/session';
import { fakeApi, type FakeHandler } from '../../../lib/testing/fake-api';
import OnboardingPage from '../onboarding-page';
import { SAVE_DELAY_MS } from '../state/use-onboarding';

/** The onboarding page in a router and a fresh jotai store, with a fake network, for component tests. */
export const HOSPITAL = {
  'Hospital Name': 'Lagoon Specialist Hospital',
  'Hospital Email': 'info@lagoon.ng',
  'Facility License': 'HEFAMAA/LAG/2024/CLI/001234',
  'Official Registration Number': 'RGN/LAG/2024/0001847',
  'Hospital Number': 'DVC/2024/001234',
};
export const ADMIN = {
  'Full Name': 'Ngozi Okafor',
  'Job Title': 'Medical Director',
  'Admin Email': 'ngozi@lagoon.ng',
  Password: 'kola-nut-42',
  'Confirm Password': 'kola-nut-42',
};
const ONBOARDED = {
  token: 'admin-session-token',
  admin: { id: 'adm-1', name: 'Ngozi Okafor', email: 'ngozi@lagoon.ng', jobTitle: 'Medical Director' },
  hospital: {
    id: 'h-1',
    hospitalId: 'HMS-7Q4K2X',
    name: 'Lagoon Specialist Hospital',
    status: 'active',
    setupStatus: 'pending',
  },
};
/** The verify-email answer as the server sends it: the onboarded admin at the top level and under data. */
export const VERIFIED = {
  success: true as const,
  message: 'Email verified successfully!',
  ...ONBOARDED,
  data: ONBOARDED,
};

export function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

/** The current test's user-event instance and fake network. */
export const wizard = {} as { user: ReturnType<typeof userEvent.setup>; api: ReturnType<typeof fakeApi> | undefined };

export function renderOnboarding(routes: Record<string, FakeHandler> = {}) {
  wizard.api = fakeApi(routes);
  const store = createStore();
  store.set(sessionAtom, { status: 'anonymous' });
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/onboarding']}>
        <Routes>
          <Route path="/onboarding" element={<OnboardingPage />} />
          <Route path="*" element={<CurrentPath />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer />
    </Provider>,
  );
  return store;
}

/**
 * Puts each value in its field as a person replacing it would: into the field (clearing it focuses it),
 * emptied, then the text pasted in at once. No click: clicking a field the clearing has already focused
 * only walked the pointer over the page, the most expensive part of filling a step in jsdom.
 */
export async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label, { selector: 'input' });
    await wizard.user.clear(input);
    if (value) await wizard.user.paste(value);
  }
}

/**
 * Step 1 filled and saved. The save's one-second wait (SAVE_DELAY_MS) goes by on a fake clock: the
 * wizard still waits for it, the test does not sit idle through it (hospital-step.test.tsx's own tests
 * of step 1 wait it out in real time).
 */
export async function toStep2() {
  await fill(HOSPITAL);
  // The clock also moves with real time, as Testing Library's own waits need it to.
  vi.useFakeTimers({ toFake: ['setTimeout'], shouldAdvanceTime: true });
  try {
    await wizard.user.click(screen.getByRole('button', { name: 'Next' }));
    await vi.advanceTimersByTimeAsync(SAVE_DELAY_MS);
  } finally {
    vi.useRealTimers();
  }
  await screen.findByRole('heading', { name: 'Admin Account' }, { timeout: 5000 });
}

export async function toStep3() {
  await toStep2();
  await fill(ADMIN);
  await wizard.user.click(screen.getByRole('button', { name: 'Create Account' }));
  await screen.findByRole('heading', { name: 'Email Verification' });
}

/** The step's own message (toasts are alerts too). */
export const stepAlert = () => within(screen.getByRole('form')).findByRole('alert');

export const registered: FakeHandler = () => ({
  status: 201,
  body: { success: true, message: 'Verification code sent' },
});

/** Registers the per-test set-up and clean-up of the harness. */
export function setUpWizardHarness() {
  beforeEach(() => {
    wizard.user = userEvent.setup({ delay: null });
  });
  afterEach(() => {
    wizard.api?.restore();
    wizard.api = undefined;
    localStorage.clear();
    sessionStorage.clear();
  });
}
