/**
 * Channels by role (product-spec-1 §6): every role also gets `general`; an unknown role gets
 * only `general`. A socket may subscribe only to its role's channels, so a channel is also a
 * permission boundary: a nurse's socket never receives the pharmacy channel.
 */
export const GENERAL_CHANNEL = 'general';

export const ROLE_CHANNELS: Readonly<Record<string, readonly string[]>> = {
  admin: ['announcements', 'patients', 'users', 'billing', 'reports'],
  doctor: ['medical', 'patients', 'prescriptions', 'consultations'],
  nurse: ['nursing', 'patients', 'vitals'],
  receptionist: ['reception', 'patients', 'appointments'],
  lab_technician: ['laboratory', 'test_results', 'lab_orders'],
  pharmacist: ['pharmacy', 'medications', 'prescriptions'],
  accountant: ['billing', 'finance', 'payments'],
};

/** Every channel `role` may be on; a new connection starts subscribed to all of them. */
export function channelsFor(role: string): string[] {
  return [GENERAL_CHANNEL, ...(Object.hasOwn(ROLE_CHANNELS, role) ? ROLE_CHANNELS[role]! : [])];
}

/** The requested channels `role` is allowed, in request order, without duplicates. */
export function allowedChannels(role: string, requested: unknown): string[] {
  if (!Array.isArray(requested)) return [];
  const allowed = new Set(channelsFor(role));
  return [...new Set(requested.filter((c): c is string => typeof c === 'string' && allowed.has(c)))];
}
