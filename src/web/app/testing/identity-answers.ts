import {
  adminChangePasswordEndpoint,
  adminLoginEndpoint,
  adminLogoutEndpoint,
  adminProfileEndpoint,
  changePasswordEndpoint,
  logoutEndpoint,
  meEndpoint,
  staffLoginEndpoint,
  type AdminUser,
  type StaffUser,
} from '../../../shared/api/identity';
import { ROLE_IDS, type RoleCode } from '../../../shared/roles';
import { initialsOf } from '../../lib/roles';
import { answer, answerBody } from '../../lib/testing/fake-api';
import type { SessionKind } from '../../lib/session-storage';

/**
 * The identity endpoints' answers for the jsdom fakes (src/shared/api/identity.ts): whole users as the server
 * builds them (src/modules/identity/users.ts), each field overridable.
 */
const LAGOON = { id: 'h-1', hospitalId: 'HMS-7Q4K2X', name: 'Lagoon Hospital', status: 'active' };

export function adminAnswer(over: Partial<AdminUser> = {}): AdminUser {
  const name = over.name ?? 'Ngozi Okafor';
  return {
    id: 'adm-1',
    name,
    email: 'ngozi@lagoon.ng',
    initials: initialsOf(name),
    role: 'admin',
    roleId: ROLE_IDS.admin,
    jobTitle: 'Medical Director',
    lastLoginAt: '2026-05-29T08:15:00.000Z',
    mustChangePassword: false,
    hospital: LAGOON,
    ...over,
  };
}

export function staffAnswer(over: Partial<StaffUser> & { role?: RoleCode } = {}): StaffUser {
  const firstName = over.firstName ?? 'Tunde';
  const lastName = over.lastName ?? 'Bello';
  const fullName = `${firstName} ${lastName}`;
  const role = over.role ?? 'nurse';
  return {
    id: 'u-9',
    firstName,
    lastName,
    fullName,
    name: fullName,
    initials: initialsOf(fullName),
    email: 'tunde@lagoon.ng',
    role,
    roleId: ROLE_IDS[role],
    employeeId: 'EMP-0042',
    department: 'Outpatients',
    specialization: null,
    phone: null,
    jobTitle: null,
    permissions: [],
    lastLogin: '2026-05-29T08:15:00.000Z',
    profilePicture: null,
    isActive: true,
    mustChangePassword: false,
    hospital: LAGOON,
    ...over,
  };
}

/** GET /api/admin/profile. */
export const profileAnswer = (over: Partial<AdminUser> = {}) =>
  answer(adminProfileEndpoint, { admin: adminAnswer(over) });

/** GET /api/auth/me: the user, and their hospital again beside it. */
export function meAnswer(over: Parameters<typeof staffAnswer>[0] = {}) {
  const user = staffAnswer(over);
  return answer(meEndpoint, { user, hospital: user.hospital });
}

/** POST /api/admin/login: the session at the top level and again under `data`. */
export function adminSignedIn(token: string, over: Partial<AdminUser> = {}) {
  const user = adminAnswer(over);
  const message = `Welcome back, ${user.name}!`;
  return answerBody(adminLoginEndpoint, { success: true, message, token, user, data: { token, user } });
}

/** POST /api/auth/login. */
export function staffSignedIn(token: string, over: Parameters<typeof staffAnswer>[0] = {}) {
  const user = staffAnswer(over);
  const message = `Welcome back, ${user.fullName}!`;
  return answerBody(staffLoginEndpoint, { success: true, message, data: { token, user, hospital: user.hospital } });
}

/** POST /api/auth/change-password or /api/admin/change-password. */
export const passwordChanged = (kind: SessionKind) =>
  answer(
    kind === 'admin' ? adminChangePasswordEndpoint : changePasswordEndpoint,
    undefined,
    'Password changed successfully!',
  );

/** POST /api/auth/logout or /api/admin/logout. */
export const loggedOut = (kind: SessionKind) =>
  answer(kind === 'admin' ? adminLogoutEndpoint : logoutEndpoint, undefined, 'Logged out successfully');
