/**
 * Sends one queued command as the offline contract says (issue 25): its id as Idempotency-Key, the
 * device's id and the time the person did it, the based-on version in the body where the route takes one.
 */
import { currentToken } from '../session-storage';
import { newCommandId, type QueuedCommand, type SendOutcome } from './queue';

const DEVICE_KEY = 'hms.deviceId';

/** This device's stable id (X-Device-Id), made once and kept. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = `web-${newCommandId()}`;
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

export function bodyToSend(command: QueuedCommand): Record<string, unknown> {
  return command.basedOnVersion === undefined ? command.body : { ...command.body, version: command.basedOnVersion };
}

export async function sendCommand(command: QueuedCommand): Promise<SendOutcome> {
  const token = currentToken();
  if (!token) return { kind: 'unauthorized' };
  let response: Response;
  try {
    response = await fetch(`/api/${command.route}`, {
      method: command.method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token.token}`,
        'idempotency-key': command.id,
        'x-device-id': deviceId(),
        'x-device-time': command.deviceTime,
      },
      body: JSON.stringify(bodyToSend(command)),
    });
  } catch {
    return { kind: 'network' };
  }
  if (response.ok) return { kind: 'accepted' };
  if (response.status === 401) return { kind: 'unauthorized' };
  // A gateway that cannot reach the server is the network, not a refusal.
  if (response.status === 502 || response.status === 503 || response.status === 504) return { kind: 'network' };
  const body = (await response.json().catch(() => undefined)) as { message?: unknown; code?: unknown } | undefined;
  const message = typeof body?.message === 'string' && body.message ? body.message : `Refused (${response.status})`;
  if (response.status >= 500 || response.status === 429) return { kind: 'network' };
  // An earlier send of this very command is still being answered: not a conflict, only a later retry.
  if (response.status === 409 && body?.code === 'IDEMPOTENCY_IN_PROGRESS') return { kind: 'network' };
  return { kind: 'refused', status: response.status, message, body };
}
