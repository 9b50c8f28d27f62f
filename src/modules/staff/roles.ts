/**
 * Staff roles: the product's roles (src/shared/roles.ts) plus the messages this module answers
 * when a role is refused.
 */
export {
  ROLE_ALIASES,
  ROLE_CODES,
  ROLE_IDS,
  ROLE_LABELS,
  STAFF_ROLES,
  parseRole,
  type RoleCode,
  type StaffRole,
} from '../../shared/roles';

export const ADMIN_ROLE_REFUSED = 'Admin accounts are created only through hospital onboarding';
export { UNKNOWN_ROLE } from '../../shared/api/users';
