import type { AdminUser, StaffUser } from '../../shared/api/identity';
import type { Account, AccountHospital } from './read-models/accounts';
import { roleIdOf, type Permission } from './permissions';

/**
 * How accounts appear in API answers: the admin user of product-spec-1 §3 (admin login and
 * profile) and the staff user (staff login and /auth/me), as the contract declares them
 * (src/shared/api/identity.ts).
 */

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function adminUser(account: Account, hospital: AccountHospital | null, lastLoginAt: Date | null): AdminUser {
  return {
    id: account.user_id,
    name: account.full_name,
    email: account.email,
    initials: initialsOf(account.full_name),
    role: account.role,
    roleId: roleIdOf(account.role),
    jobTitle: account.job_title,
    lastLoginAt: iso(lastLoginAt),
    // The account's own first login (issue 34), the same answer on every device: due until the
    // password is changed, and only before any earlier sign-in (`lastLoginAt`: the one before this).
    mustChangePassword: account.must_change_password || (account.password_change_due && lastLoginAt === null),
    hospital,
  };
}

/** `permissions`: the hospital's access matrix for the account's role, as enforced now. */
export function staffUser(
  account: Account,
  hospital: AccountHospital | null,
  lastLoginAt: Date | null,
  permissions: Permission[],
): StaffUser {
  return {
    id: account.user_id,
    firstName: account.first_name,
    lastName: account.last_name,
    fullName: account.full_name,
    name: account.full_name,
    initials: initialsOf(account.full_name),
    email: account.email,
    role: account.role,
    roleId: roleIdOf(account.role),
    employeeId: account.employee_id,
    department: account.department,
    specialization: account.specialization,
    phone: account.phone,
    jobTitle: account.job_title,
    permissions,
    lastLogin: iso(lastLoginAt),
    profilePicture: null,
    isActive: account.is_active && !account.deleted,
    mustChangePassword: account.must_change_password,
    hospital,
  };
}
