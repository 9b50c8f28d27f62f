import { parseRole, ROLE_LABELS } from '../../shared/roles';
import type { Role } from './session';

/** The product's roles are shared with the server. */
export { ROLE_IDS, ROLE_LABELS, STAFF_ROLES } from '../../shared/roles';

/** Server aliases of product-spec-2 §6 (lab_staff, billing_staff) become the server codes. */
export function normaliseRole(role: string): Role | string {
  return parseRole(role) ?? role;
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[normaliseRole(role) as Role] ?? role;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}
