import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BadRequest } from './errors';

/**
 * Where and when a command was really done, for work an offline device queued and sends later
 * (issue 25): `X-Device-Id` names the device, `X-Device-Time` the instant the person did it there.
 * Both are optional; given, they are checked on every route and land in the events' metadata
 * beside the server's own time (when it accepted the command).
 */
declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceStamp | null;
  }
}

export type DeviceStamp = { deviceId?: string; deviceTime?: string };

export const BAD_DEVICE_ID = 'Device id must be 1 to 100 letters, digits, "-" or "_"';
export const BAD_DEVICE_TIME = 'Device time must be an ISO 8601 time, not in the future';
/** Issue 33: an offline device's work is refused when it says it was done long before now (0001, 1970). */
export const deviceTimeTooOld = (days: number) =>
  `Device time must be within the last ${days} days; work kept offline longer cannot be sent`;
export const DEFAULT_DEVICE_TIME_WINDOW_DAYS = 7;
/** Issue 33: nothing can have been done for a hospital before it existed (a device clock reset, a forged time). */
export const deviceTimeBeforeHospital = (registeredAt: Date) =>
  `Device time must not be before the hospital was registered (${registeredAt.toISOString()}); check the device's clock`;

/**
 * When each hospital was registered, from the module that owns hospitals (the platform imports no
 * module); null for an id it does not know.
 */
export type HospitalOrigins = { registeredAt: (hospitalId: string) => Promise<Date | null> };
/** A device's clock may run this far ahead of the server's. */
export const DEVICE_CLOCK_SKEW_MS = 5 * 60_000;
/** How far before its hospital's registration a device's clock may say work was done (see assertAfterHospitalOrigin). */
export const DEVICE_CLOCK_SLOW_MS = 60 * 60_000;

const DEVICE_ID = /^[A-Za-z0-9_-]{1,100}$/;
// A date, a time and an offset (Z or ±hh:mm): what toISOString and every device clock write.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export function deviceStampOf(
  request: Pick<FastifyRequest, 'headers'>,
  now: Date,
  windowDays = DEFAULT_DEVICE_TIME_WINDOW_DAYS,
): DeviceStamp | null {
  const id = single(request.headers['x-device-id']);
  const time = single(request.headers['x-device-time']);
  if (id === undefined && time === undefined) return null;
  const stamp: DeviceStamp = {};
  if (id !== undefined) {
    if (!DEVICE_ID.test(id)) throw new BadRequest(BAD_DEVICE_ID, [{ field: 'X-Device-Id', message: BAD_DEVICE_ID }]);
    stamp.deviceId = id;
  }
  if (time !== undefined) {
    const at = ISO_INSTANT.test(time.trim()) ? Date.parse(time.trim()) : NaN;
    if (!Number.isFinite(at) || at - now.getTime() > DEVICE_CLOCK_SKEW_MS) {
      throw new BadRequest(BAD_DEVICE_TIME, [{ field: 'X-Device-Time', message: BAD_DEVICE_TIME }]);
    }
    if (now.getTime() - at > windowDays * 86_400_000) {
      const message = deviceTimeTooOld(windowDays);
      throw new BadRequest(message, [{ field: 'X-Device-Time', message }]);
    }
    stamp.deviceTime = new Date(at).toISOString();
  }
  return stamp;
}

/** The metadata fields of a request: its device stamp and its Idempotency-Key (the queued command's id). */
export function offlineMetadata(request: FastifyRequest): DeviceStamp & { idempotencyKey?: string } {
  const key = single(request.headers['idempotency-key'])?.trim();
  return { ...request.device, ...(key && key.length <= 200 ? { idempotencyKey: key } : {}) };
}

/**
 * A device time before the caller's hospital was registered is refused. The device's clock may run
 * behind the server's by up to an hour here (a phone set by hand, or to the wrong zone by an hour, is
 * common at a front desk): work queued offline in a hospital's first hour is not refused forever for
 * a clock a little slow, while a time of the day before, of 1970 or of 0001 still is.
 */
export async function assertAfterHospitalOrigin(
  stamp: DeviceStamp | null,
  hospitalId: string | undefined,
  origins: HospitalOrigins | undefined,
): Promise<void> {
  if (!stamp?.deviceTime || !hospitalId || !origins) return;
  const registeredAt = await origins.registeredAt(hospitalId);
  if (!registeredAt || Date.parse(stamp.deviceTime) >= registeredAt.getTime() - DEVICE_CLOCK_SLOW_MS) return;
  const message = deviceTimeBeforeHospital(registeredAt);
  throw new BadRequest(message, [{ field: 'X-Device-Time', message }]);
}

export function installDeviceHeaders(
  app: FastifyInstance,
  windowDays = DEFAULT_DEVICE_TIME_WINDOW_DAYS,
  origins?: HospitalOrigins,
): void {
  app.decorateRequest('device', null);
  // After the method check and authentication (onRequest), before the body is validated: a request with no
  // token and a bad header is a 401, not a 400. The hospital is known only once the token is checked.
  app.addHook('preValidation', async (request) => {
    const stamp = deviceStampOf(request, new Date(), windowDays);
    await assertAfterHospitalOrigin(stamp, request.auth?.hospitalId, origins);
    request.device = stamp;
  });
}

/** The headers an offline-capable route documents (all optional: online calls send none). */
export const offlineHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .max(200)
    .optional()
    .describe('The queued command id: a resend of the same key counts once and gets the first answer again'),
  'x-device-id': z.string().max(100).optional().describe('The device the command was done on'),
  'x-device-time': z
    .string()
    .regex(ISO_INSTANT, BAD_DEVICE_TIME)
    .optional()
    .describe('ISO 8601 instant the command was done on the device (at most 5 minutes ahead of the server)'),
});

// A new record's id chosen by the client: the shared contracts' bodies take it too.
export { CLIENT_ID_MESSAGE, clientId } from '../../shared/client-id';
