import { ROLE_LABELS, STAFF_ROLES } from '../../lib/roles';
import type { Role } from '../../lib/session';
import type { SelectOption } from '../../components/select-field';

/**
 * Role filter: All Roles plus the staff roles, labelled as in §3 and sent as server codes. The list
 * holds staff only (the administrator is not one of them), so an 'Admin' choice could never match.
 */
export const ROLE_FILTER_OPTIONS: SelectOption[] = [
  { id: '', label: 'All Roles' },
  ...STAFF_ROLES.map((role) => ({ id: role, label: ROLE_LABELS[role as Role] ?? role })),
];

export const STATUS_FILTER_OPTIONS: SelectOption[] = [
  { id: '', label: 'All Status' },
  { id: 'active', label: 'Active' },
  { id: 'inactive', label: 'Inactive' },
];

/** Admins come only from hospital onboarding (product-spec-1 §1), so the add and edit forms offer staff roles. */
export function roleChoices(current?: string): SelectOption[] {
  const staff: readonly string[] = STAFF_ROLES;
  const roles = current && !staff.includes(current) ? [current, ...staff] : staff;
  return roles.map((role) => ({ id: role, label: ROLE_LABELS[role as Role] ?? role }));
}
