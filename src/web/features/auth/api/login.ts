import { z } from '../../../lib/zod';
import { api } from '../../../lib/api-client';
import type { SessionUser } from '../../../lib/session';
import { adminToSessionUser, adminUserSchema, staffToSessionUser, staffUserSchema } from '../../../lib/session-user';
import type { SessionKind } from '../../../lib/session-storage';

/** The messages of product-spec-1 §8 (admin and staff login), word for word where the spec gives them. */
export const LOGIN_MESSAGES = {
  invalidCredentials: 'Invalid email or password',
  adminInactive: 'Your account has been deactivated. Contact support.',
  staffDisabled: 'Your account has been disabled. Contact your administrator.',
  emailNotVerified: 'Please verify your email address before logging in.',
  hospitalInactive: 'Hospital account is not active. Contact support.',
  badInput: 'Please check your input and try again',
  notAvailable: 'Login service is not available. Please try again later.',
  serverError: 'Server error. Please try again later',
  unreachable: 'Unable to connect to server',
  invalidResponse: 'Invalid response from server. Please try again.',
  tooManyRequests: 'Too many login attempts. Please try again later.',
  accountLocked: 'Account is temporarily locked. Please try again later.',
} as const;

/** The message for a failed login answer, from its status and the server's own message. */
export function loginErrorMessage(kind: SessionKind, status: number, serverMessage?: string): string {
  const m = LOGIN_MESSAGES;
  switch (status) {
    case 423:
      return serverMessage || m.accountLocked;
    case 401:
      if (serverMessage === 'Account inactive' || serverMessage === 'Account disabled') {
        return kind === 'admin' ? m.adminInactive : m.staffDisabled;
      }
      if (serverMessage === 'Email not verified') return m.emailNotVerified;
      if (serverMessage === 'Hospital inactive') return m.hospitalInactive;
      return m.invalidCredentials;
    case 400:
      return m.badInput;
    case 404:
      return m.notAvailable;
    case 429:
      return serverMessage || m.tooManyRequests;
    default:
      return status >= 500 ? m.serverError : serverMessage || m.serverError;
  }
}

const adminAnswer = z.object({ token: z.string().min(1), user: adminUserSchema });
const staffAnswer = z.object({ data: z.object({ token: z.string().min(1), user: staffUserSchema }) });

export type LoginResult =
  | { ok: true; kind: SessionKind; token: string; user: SessionUser; firstLogin: boolean }
  | { ok: false; message: string };

/**
 * POST /api/admin/login or /api/auth/login. Reads the body itself (rather than through
 * `request`) so a non-JSON answer reads as an invalid response, not as a lost connection.
 */
export async function logIn(kind: SessionKind, credentials: { email: string; password: string }): Promise<LoginResult> {
  let response: Response;
  try {
    response = await api.post(kind === 'admin' ? 'admin/login' : 'auth/login', {
      json: credentials,
      throwHttpErrors: false,
    });
  } catch {
    return { ok: false, message: LOGIN_MESSAGES.unreachable };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { message?: unknown } | undefined)?.message;
    return {
      ok: false,
      message: loginErrorMessage(kind, response.status, typeof message === 'string' ? message : undefined),
    };
  }
  if (kind === 'admin') {
    const parsed = adminAnswer.safeParse(body);
    if (!parsed.success) return { ok: false, message: LOGIN_MESSAGES.invalidResponse };
    const user = adminToSessionUser(parsed.data.user);
    return { ok: true, kind, token: parsed.data.token, user, firstLogin: parsed.data.user.lastLoginAt == null };
  }
  const parsed = staffAnswer.safeParse(body);
  if (!parsed.success) return { ok: false, message: LOGIN_MESSAGES.invalidResponse };
  return {
    ok: true,
    kind,
    token: parsed.data.data.token,
    user: staffToSessionUser(parsed.data.data.user),
    firstLogin: false,
  };
}
