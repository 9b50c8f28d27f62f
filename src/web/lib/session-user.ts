import { z } from './zod';
import { initialsOf, normaliseRole, ROLE_IDS } from './roles';
import type { Role, SessionHospital, SessionUser } from './session';

/**
 * The two server shapes of "who is signed in" (admin: /admin/login, /admin/profile, verify-email;
 * staff: /auth/login, /auth/me) normalised to one SessionUser, so the shell and guards never care
 * which door the person came through.
 */

const id = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish().catch(null);

const hospitalSchema = z
  .object({
    id,
    hospitalId: z.string().catch(''),
    name: z.string().catch(''),
    status: z.string().catch('active'),
    setupStatus: z.string().optional().catch(undefined),
  })
  .nullish()
  .catch(null);

export const adminUserSchema = z.object({
  id,
  name: z.string(),
  email: z.string(),
  initials: z.string().optional().catch(undefined),
  jobTitle: text,
  lastLoginAt: text,
  hospital: hospitalSchema,
  mustChangePassword: z.boolean().optional().catch(undefined),
});

export const staffUserSchema = z.object({
  id,
  firstName: z.string().catch(''),
  lastName: z.string().catch(''),
  fullName: z.string().optional().catch(undefined),
  email: z.string(),
  role: z.string(),
  roleId: z.number().optional().catch(undefined),
  employeeId: text,
  department: text,
  specialization: text,
  phone: text,
  profilePicture: text,
  lastLogin: text,
  permissions: z
    .array(z.object({ module: z.string(), actions: z.array(z.string()) }))
    .optional()
    .catch(undefined),
  hospital: hospitalSchema,
  mustChangePassword: z.boolean().catch(false),
});

export type AdminUserAnswer = z.infer<typeof adminUserSchema>;
export type StaffUserAnswer = z.infer<typeof staffUserSchema>;

function hospitalOf(raw: z.infer<typeof hospitalSchema>): SessionHospital | null {
  return raw ? { ...raw, setupStatus: raw.setupStatus } : null;
}

export function adminToSessionUser(admin: AdminUserAnswer): SessionUser {
  return {
    id: admin.id,
    name: admin.name,
    email: admin.email,
    initials: admin.initials || initialsOf(admin.name),
    role: 'admin',
    roleId: ROLE_IDS.admin,
    jobTitle: admin.jobTitle ?? null,
    hospital: hospitalOf(admin.hospital),
    lastLoginAt: admin.lastLoginAt ?? null,
    // The server knows the account's first login (issue 34): one answer on every device.
    mustChangePassword: admin.mustChangePassword === true,
  };
}

export function staffToSessionUser(user: StaffUserAnswer): SessionUser {
  const role = normaliseRole(user.role);
  const name = (user.fullName ?? `${user.firstName} ${user.lastName}`).trim() || user.email;
  return {
    id: user.id,
    name,
    email: user.email,
    initials: initialsOf(name),
    role,
    // product-spec-1 §2: an unknown role falls back to the doctor's.
    roleId: user.roleId ?? ROLE_IDS[role as Role] ?? ROLE_IDS.doctor,
    firstName: user.firstName,
    lastName: user.lastName,
    employeeId: user.employeeId ?? null,
    department: user.department ?? null,
    specialization: user.specialization ?? null,
    phone: user.phone ?? null,
    profilePicture: user.profilePicture ?? null,
    // Absent (an older answer): nothing is hidden; the server still refuses.
    permissions: user.permissions,
    hospital: hospitalOf(user.hospital),
    lastLoginAt: user.lastLogin ?? null,
    // The server's flag is the truth for staff: it is cleared only by a successful change.
    mustChangePassword: user.mustChangePassword,
  };
}
