/**
 * The four commands that work offline (issue 25) go through here: online they are sent as always;
 * offline, or when the call fails for the network, they are kept on this device and sent later.
 */
import { ApiError } from '../api-client';
import { isOnline, reportNetworkFailure } from './connectivity';
import { queueCommand, type CommandInput } from './offline-queue';
import type { QueuedCommand } from './queue';

export const SAVED_ON_DEVICE = 'Saved on this device — it will be sent when the connection returns';
export const NEEDS_SIGN_IN_AGAIN = 'You are offline and this session cannot save work on this device. Sign in again.';

export type RunOrQueued<T> = { queued: false; value: T } | { queued: true; command: QueuedCommand };

async function queued<T>(input: CommandInput): Promise<RunOrQueued<T>> {
  const command = await queueCommand(input);
  if (!command) throw new ApiError(0, NEEDS_SIGN_IN_AGAIN);
  return { queued: true, command };
}

export async function runOrQueue<T>(input: CommandInput, online: () => Promise<T>): Promise<RunOrQueued<T>> {
  if (!isOnline()) return queued(input);
  try {
    return { queued: false, value: await online() };
  } catch (e) {
    if (!(e instanceof ApiError) || e.status !== 0) throw e;
    reportNetworkFailure();
    return queued(input);
  }
}
