import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { writeToken, clearTokens } from '../session-storage';
import type { QueuedCommand } from './queue';
import { sendCommand } from './send';

/** How the sync reads the server's answers; the server is stood in for by the answer it would give. */
const command: QueuedCommand = {
  id: '33333333-3333-4333-8333-333333333333',
  userId: 'u1',
  hospitalId: 'h1',
  kind: 'record-vitals',
  method: 'POST',
  route: 'patients/11111111-1111-4111-8111-111111111111/vitals',
  body: { pulseRate: 72 },
  label: 'Vitals',
  deviceTime: '2026-11-25T10:00:00.000Z',
  createdAt: '2026-11-25T10:00:00.000Z',
  seq: 1,
  state: 'pending',
};
const answer = (status: number, body: object) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

describe('sendCommand', () => {
  beforeEach(() => writeToken('user', 'token-1'));
  afterEach(() => {
    clearTokens();
    vi.unstubAllGlobals();
  });

  it('sends the key, the device and its time', async () => {
    answer(201, { success: true });
    expect(await sendCommand(command)).toEqual({ kind: 'accepted' });
    const [, init] = vi.mocked(fetch).mock.calls[0]!;
    expect(init?.headers).toMatchObject({ 'idempotency-key': command.id, 'x-device-time': command.deviceTime });
  });

  it('retries later when the first send of this very command is still being answered', async () => {
    answer(409, { success: false, message: 'still being processed', code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(await sendCommand(command)).toEqual({ kind: 'network' });
  });

  it('stops on a real conflict with the server body', async () => {
    const body = { success: false, message: 'Changed meanwhile' };
    answer(409, body);
    expect(await sendCommand(command)).toEqual({ kind: 'refused', status: 409, message: 'Changed meanwhile', body });
  });
});
