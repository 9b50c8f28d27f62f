import { paths } from '../../../app/paths';
import { api, type FieldError } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/field-errors';
import type { SessionUser } from '../../../lib/session';
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
  adminDoor: 'This account signs in on the admin sign-in page.',
  staffDoor: 'This account signs in on the staff sign-in page.',
} as const;

/** The server's codes for a refused sign-in that the page answers with a next step, not just words. */
export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
export const WRONG_DOOR = 'WRONG_DOOR';

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

export type LoginFailure = {
  ok: false;
  message: string;
  /** The server's reasons per field (email, password), shown beside the fields. */
  fieldErrors: FieldError[];
  /**
   * What the person can do next: verify the email on the spot (an admin who never did), or use the
   * other sign-in page (staff on the admin page, or the other way round). The server says so only
   * after a right password.
   */
  next?: { step: 'verify-email' } | { step: 'other-door'; loginPath: string };
};

export type LoginResult = { ok: true; kind: SessionKind; token: string; user: SessionUser } | LoginFailure;

type ErrorBody = { message?: unknown; code?: unknown; loginPath?: unknown } | undefined;

function failure(kind: SessionKind, status: number, body: ErrorBody): LoginFailure {
  const serverMessage = typeof body?.message === 'string' && body.message ? body.message : undefined;
  const fieldErrors = status === 400 ? fieldErrorsOf(body) : [];
  if (status === 403 && body?.code === EMAIL_NOT_VERIFIED) {
    return {
      ok: false,
      message: serverMessage ?? LOGIN_MESSAGES.emailNotVerified,
      fieldErrors,
      next: { step: 'verify-email' },
    };
  }
  // Only the two sign-in pages are ever a destination, whatever the answer says.
  const door = body?.loginPath === paths.adminLogin || body?.loginPath === paths.userLogin ? body.loginPath : null;
  if (status === 401 && body?.code === WRONG_DOOR && door) {
    const fallback = door === paths.adminLogin ? LOGIN_MESSAGES.adminDoor : LOGIN_MESSAGES.staffDoor;
    return {
      ok: false,
      message: serverMessage ?? fallback,
      fieldErrors,
      next: { step: 'other-door', loginPath: door },
    };
  }
  return { ok: false, message: loginErrorMessage(kind, status, serverMessage), fieldErrors };
}

/**
 * POST /api/admin/login or /api/auth/login. Reads the body itself (rather than through
 * `request`) so a non-JSON answer reads as an invalid response, not as a lost connection.
 */
export async function logIn(kind: SessionKind, credentials: { email: string; password: string }): Promise<LoginResult> {
  const reader = import('./login-answer');
  let response: Response;
  try {
    response = await api.post(kind === 'admin' ? 'admin/login' : 'auth/login', {
      json: credentials,
      throwHttpErrors: false,
    });
  } catch {
    return { ok: false, message: LOGIN_MESSAGES.unreachable, fieldErrors: [] };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) return failure(kind, response.status, body as ErrorBody);
  const answer = (await reader).readLoginAnswer(kind, body);
  if (!answer) return { ok: false, message: LOGIN_MESSAGES.invalidResponse, fieldErrors: [] };
  return { ok: true, kind, ...answer };
}
