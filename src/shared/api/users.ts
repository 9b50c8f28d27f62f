import { z } from 'zod';
import { PLAN_CODES } from '../plans';
import { parseRole, ROLE_ALIASES, ROLE_CODES } from '../roles';
import { endpoint, messageEndpoint } from './endpoint';

/** The admin's staff accounts and the hospital's plan (/api/users/…), declared once for the routes and the browser. */
export const UNKNOWN_ROLE =
  'Role must be one of doctor, nurse, receptionist, lab_technician (lab_staff), pharmacist, accountant (billing_staff) or compliance_officer';

/** Every spelling `parseRole` accepts (codes and aliases, lower case): the document's enum of a role. */
const ROLE_SPELLINGS = [...ROLE_CODES, ...Object.keys(ROLE_ALIASES)] as [string, ...string[]];
const trimmedLower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/**
 * A role code or alias, normalised to the server code; 'admin' passes here and is refused by the
 * domain with its reason. An enum (after trimming and lower-casing), so the document lists the roles.
 */
// The transforms sit inside the preprocess: outside it, the document would mark the field optional.
const roleInput = z.preprocess(
  trimmedLower,
  z
    .enum(ROLE_SPELLINGS, {
      error: (issue) => (typeof issue.input !== 'string' || issue.input === '' ? 'Role is required' : UNKNOWN_ROLE),
    })
    .transform((value) => parseRole(value)!),
);

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters long`);

const INVALID_EMAIL = 'Please enter a valid email address';
/** Trimmed first, then checked as the document says (`format: email`, at most 254 characters). */
const email = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'Email is required' })
    .min(1, 'Email is required')
    .max(254, INVALID_EMAIL)
    .email(INVALID_EMAIL)
    .transform((v) => v.toLowerCase()),
);

// `.strict()`: a hospital, password, employee ID or anything else in the body is refused, not ignored.
export const createUserBody = z
  .object({ firstName: name('First name'), lastName: name('Last name'), email, role: roleInput })
  .strict();

export const updateUserBody = z
  .object({
    firstName: name('First name').optional(),
    lastName: name('Last name').optional(),
    email: email.optional(),
    role: roleInput.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    /** The `version` the client last read; a newer stored version answers 409. */
    expectedVersion: z.number().int().min(1).optional(),
  })
  .strict()
  .refine((b) => ['firstName', 'lastName', 'email', 'role', 'isActive'].some((k) => k in b), {
    message: 'Nothing to update',
  });

export const userIdParams = z.object({ id: z.string().min(1).max(100) });

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || v === 'all') ? undefined : v);

export const listUsersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100, 'limit must be at most 100').default(10),
  search: z.string().max(100).optional(),
  role: z.preprocess(emptyAsUndefined, roleInput.optional()),
  status: z.preprocess(
    (v) => (typeof v === 'string' ? emptyAsUndefined(v.toLowerCase()) : v),
    z.enum(['active', 'inactive'], { error: 'status must be active or inactive' }).optional(),
  ),
});

export const staffUser = z.object({
  _id: z.string(),
  id: z.string(),
  employeeId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  roleId: z.number(),
  roleLabel: z.string(),
  isActive: z.boolean(),
  department: z.string().nullable(),
  specialization: z.string().nullable(),
  phone: z.string().nullable(),
  /** The stored version; sent back on edit and delete so a concurrent change answers 409 instead of being overwritten. */
  version: z.number(),
  createdAt: z.string(),
  /** When the member last signed in; null until their first sign-in (issue 33: also never, for an address another hospital's account signs in with). */
  lastSignInAt: z.string().nullable(),
});

/** The plan and the seats it uses: every account counts, the administrator included (null maxUsers: no limit). */
export const planUsage = z.object({
  code: z.enum(PLAN_CODES),
  name: z.string(),
  maxUsers: z.number().nullable(),
  usedSeats: z.number(),
});

export const changePlanBody = z
  .object({ plan: z.enum(PLAN_CODES, { error: 'plan must be clinic, hospital or enterprise' }) })
  .strict();

const oneUser = z.object({ user: staffUser });

export const createUserEndpoint = endpoint({
  method: 'POST',
  path: '/users',
  body: createUserBody,
  // null: the invitation is still on its way (the mail is queued).
  data: z.object({ user: staffUser, invitationSent: z.boolean().nullable() }),
});

export const resendInvitationEndpoint = messageEndpoint({
  method: 'POST',
  path: '/users/:id/invitation',
  params: userIdParams,
});

export const usersEndpoint = endpoint({
  method: 'GET',
  path: '/users',
  query: listUsersQuery,
  data: z.object({
    users: z.array(staffUser),
    pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
  }),
});

/** Counts by status and role, and the plan's seats: the users page, the settings page and the admin's dashboard. */
export const userStatsEndpoint = endpoint({
  method: 'GET',
  path: '/users/stats',
  data: z.object({
    totalUsers: z.number(),
    active: z.number(),
    inactive: z.number(),
    byRole: z.record(z.string(), z.number()),
    plan: planUsage,
  }),
});

export const changePlanEndpoint = endpoint({
  method: 'PUT',
  path: '/users/plan',
  body: changePlanBody,
  data: planUsage,
});

export const userEndpoint = endpoint({ method: 'GET', path: '/users/:id', params: userIdParams, data: oneUser });

export const updateUserEndpoint = endpoint({
  method: 'PUT',
  path: '/users/:id',
  params: userIdParams,
  body: updateUserBody,
  data: oneUser,
});

export const deleteUserEndpoint = messageEndpoint({ method: 'DELETE', path: '/users/:id', params: userIdParams });
