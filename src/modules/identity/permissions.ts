/**
 * The `permissions` a staff login answer carries: the hospital's access matrix (product-spec-2 §6)
 * for the person's role. The matrix is the access-control module's; identity reads it through
 * the platform's access policy (`platform.access`), never by importing that module.
 */
import { DEFAULT_ACCESS_MATRIX, permissionsFromMatrix, type Permission } from '../../shared/access-matrix';

export { ROLE_IDS, roleIdOf } from '../../shared/roles';
export type { Permission };

/** The default matrix's permissions of `role` (no hospital has changed anything). */
export function permissionsFor(role: string): Permission[] {
  return permissionsFromMatrix(DEFAULT_ACCESS_MATRIX, role);
}
