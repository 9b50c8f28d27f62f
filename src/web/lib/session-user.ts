import { adminUser, sessionHospital, staffUser } from '../../shared/api/identity';
import { z } from './zod';
import { initialsOf, normaliseRole, ROLE_IDS } from './roles';
import type { Role, SessionHospital, SessionUser } from './session';

/**
 * The two server shapes of "who is signed in" (admin: /admin/login, /admin/profile, verify-email;
 * staff: /auth/login, /auth/me) normalised to one SessionUser, so the shell and guards never care
 * which door the person came through. Their fields are the contract's (src/shared/api/identity.ts),
 * read leniently: a session survives an answer that lacks a field it can do without, or sends one in
 * another shape (an older or newer server than this page), and a field it does not know is dropped.
 */

type Lenient<T extends z.ZodRawShape, K extends keyof T> = {
  [P in keyof T]: P extends K ? T[P] : z.ZodCatch<z.ZodOptional<T[P]>>;
};

/** The contract's object with every field but `kept` read as absent when it is missing or of another type. */
function lenient<T extends z.ZodRawShape, K extends keyof T & string>(schema: z.ZodObject<T>, kept: readonly K[]) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => [
      key,
      (kept as readonly string[]).includes(key) ? field : (field as z.ZodType).optional().catch(undefined),
    ]),
  );
  return z.object(shape as Lenient<T, K>);
}

const hospitalSchema = lenient(sessionHospital, ['id'])
  // The onboarding answer (verify-email) also says where the hospital's setup stands.
  .extend({ setupStatus: z.string().optional().catch(undefined) })
  .nullish()
  .catch(null);

export const adminUserSchema = lenient(adminUser, ['id', 'name', 'email']).extend({ hospital: hospitalSchema });

export const staffUserSchema = lenient(staffUser, ['id', 'email', 'role']).extend({ hospital: hospitalSchema });

export type AdminUserAnswer = z.infer<typeof adminUserSchema>;
export type StaffUserAnswer = z.infer<typeof staffUserSchema>;

function hospitalOf(raw: z.infer<typeof hospitalSchema>): SessionHospital | null {
  if (!raw) return null;
  return {
    id: raw.id,
    hospitalId: raw.hospitalId ?? '',
    name: raw.name ?? '',
    status: raw.status ?? 'active',
    setupStatus: raw.setupStatus,
  };
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
  const firstName = user.firstName ?? '';
  const lastName = user.lastName ?? '';
  const name = (user.fullName ?? `${firstName} ${lastName}`).trim() || user.email;
  return {
    id: user.id,
    name,
    email: user.email,
    initials: initialsOf(name),
    role,
    // product-spec-1 §2: an unknown role falls back to the doctor's.
    roleId: user.roleId ?? ROLE_IDS[role as Role] ?? ROLE_IDS.doctor,
    firstName,
    lastName,
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
    mustChangePassword: user.mustChangePassword === true,
  };
}
