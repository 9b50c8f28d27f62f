import { z } from 'zod';
import { EMAIL, INVALID_EMAIL, PASSWORD_MAX, REQUIRED_FIELDS } from '../hospital-formats';
import { endpoint, messageEndpoint } from './endpoint';

/**
 * Signing in, who is signed in, changing one's password and signing out (/api/auth/…, /api/admin/login,
 * /api/admin/profile, …), declared once for the identity routes, the OpenAPI document and the browser. The two
 * doors answer two shapes of "who is signed in": the admin user of product-spec-1 §3 and the staff user.
 * `lastLoginAt`/`lastLogin` is the sign-in before the current one (null on a first sign-in).
 */

export const NEW_PASSWORD_TOO_SHORT = 'New password must be at least 6 characters long';
export const NEW_PASSWORD_TOO_LONG = `New password must be at most ${PASSWORD_MAX} characters long`;

/**
 * The request bodies of the two sign-in doors and of change-password, with the same checks and messages as the
 * server's `loginErrors` and `changePasswordErrors` (src/modules/identity/sign-in-rules.ts): the route refuses what
 * they would, and the OpenAPI document says so (required fields, e-mail format, lengths). What needs the account
 * (the current password, the password policy) stays in the command.
 */
export const loginBody = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, INVALID_EMAIL)
    .regex(EMAIL, INVALID_EMAIL)
    .meta({ format: 'email', description: 'Email address' }),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(6, 'Password must be at least 6 characters'),
});

export const changePasswordBody = z.object({
  currentPassword: z.string({ error: REQUIRED_FIELDS }).min(1, REQUIRED_FIELDS),
  newPassword: z
    .string({ error: REQUIRED_FIELDS })
    .min(1, REQUIRED_FIELDS)
    .min(6, NEW_PASSWORD_TOO_SHORT)
    .max(PASSWORD_MAX, NEW_PASSWORD_TOO_LONG),
  /** Optional: the spec's client sends only the current and the new password. */
  confirmPassword: z.string().optional(),
});

export const sessionHospital = z.object({
  id: z.string(),
  hospitalId: z.string(),
  name: z.string(),
  status: z.string(),
});

export const adminUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  initials: z.string(),
  role: z.string(),
  roleId: z.number(),
  jobTitle: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  mustChangePassword: z.boolean(),
  hospital: sessionHospital.nullable(),
});

export const staffUser = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  name: z.string(),
  initials: z.string(),
  email: z.string(),
  role: z.string(),
  roleId: z.number(),
  employeeId: z.string().nullable(),
  department: z.string().nullable(),
  specialization: z.string().nullable(),
  phone: z.string().nullable(),
  jobTitle: z.string().nullable(),
  /** The hospital's access matrix for the account's role, as enforced now. */
  permissions: z.array(z.object({ module: z.string(), actions: z.array(z.string()) })),
  lastLogin: z.string().nullable(),
  profilePicture: z.null(),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  hospital: sessionHospital.nullable(),
});

export type AdminUser = z.infer<typeof adminUser>;
export type StaffUser = z.infer<typeof staffUser>;

const adminSession = z.object({ token: z.string(), user: adminUser });

/** The admin's door: the session at the top level, where the spec's client reads it, and again under `data`. */
export const adminLoginEndpoint = {
  method: 'POST',
  path: '/admin/login',
  body: loginBody,
  data: adminSession,
  response: z.object({
    success: z.literal(true),
    message: z.string(),
    token: z.string(),
    user: adminUser,
    data: adminSession,
  }),
} as const;

const staffSession = z.object({ token: z.string(), user: staffUser, hospital: sessionHospital.nullable() });

/** The staff door; it always says its welcome, so the answer is written out. */
export const staffLoginEndpoint = {
  method: 'POST',
  path: '/auth/login',
  body: loginBody,
  data: staffSession,
  response: z.object({ success: z.literal(true), message: z.string(), data: staffSession }),
} as const;

export const adminProfileEndpoint = endpoint({
  method: 'GET',
  path: '/admin/profile',
  data: z.object({ admin: adminUser }),
});

export const meEndpoint = endpoint({
  method: 'GET',
  path: '/auth/me',
  data: z.object({ user: staffUser, hospital: sessionHospital.nullable() }),
});

export const changePasswordEndpoint = messageEndpoint({
  method: 'POST',
  path: '/auth/change-password',
  body: changePasswordBody,
});

export const adminChangePasswordEndpoint = messageEndpoint({
  method: 'POST',
  path: '/admin/change-password',
  body: changePasswordBody,
});

export const logoutEndpoint = messageEndpoint({ method: 'POST', path: '/auth/logout' });

export const adminLogoutEndpoint = messageEndpoint({ method: 'POST', path: '/admin/logout' });
