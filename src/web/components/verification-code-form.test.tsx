import { act, fireEvent, render, screen } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type FakeHandler } from '../lib/testing/fake-api';
import { useEmailVerification } from '../lib/use-email-verification';
import { VerificationCodeForm } from './verification-code-form';

function Harness({ onVerified }: { onVerified: () => void }) {
  const verification = useEmailVerification('ngozi@lagoon.ng');
  return (
    <VerificationCodeForm
      verification={verification}
      labelledBy="title"
      back={{ label: 'Back', onPress: () => undefined }}
      onVerified={onVerified}
    >
      <h2 id="title">Email Verification</h2>
    </VerificationCodeForm>
  );
}

let api: ReturnType<typeof fakeApi>;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const resendButton = () => screen.getByRole('button', { name: 'Resend code' });

function renderForm(routes: Record<string, FakeHandler>) {
  api = fakeApi(routes);
  render(
    <>
      <Harness onVerified={() => undefined} />
      <ToastContainer />
    </>,
  );
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  api.restore();
});

describe('Verification code: the resend wait', () => {
  it("counts the server's wait down every second instead of showing a fixed '59 seconds'", async () => {
    renderForm({
      'POST /hospital/resend-verification': () => ({
        status: 429,
        headers: { 'retry-after': '59' },
        body: { success: false, message: 'Please wait 59 seconds before requesting a new code' },
      }),
    });
    fireEvent.click(resendButton());
    await advance(0);
    expect(screen.getByRole('timer')).toHaveTextContent('Please wait 59 seconds before requesting a new code');
    expect(resendButton()).toBeDisabled();
    await advance(1000);
    expect(screen.getByRole('timer')).toHaveTextContent('Please wait 58 seconds before requesting a new code');
    await advance(57_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Please wait 1 second before requesting a new code');
    await advance(1000);
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(resendButton()).toBeEnabled();
    expect(api.calls).toHaveLength(1);
  });

  it('waits a minute after a code was sent, then allows another', async () => {
    renderForm({ 'POST /hospital/resend-verification': () => ({ body: { success: true, message: 'sent' } }) });
    fireEvent.click(resendButton());
    await advance(0);
    expect(screen.getByRole('timer')).toHaveTextContent('Please wait 60 seconds before requesting a new code');
    fireEvent.click(resendButton());
    await advance(30_000);
    expect(screen.getByRole('timer')).toHaveTextContent('Please wait 30 seconds');
    await advance(30_000);
    fireEvent.click(resendButton());
    await advance(0);
    expect(api.calls.map((c) => c.body)).toEqual([{ email: 'ngozi@lagoon.ng' }, { email: 'ngozi@lagoon.ng' }]);
  });
});
