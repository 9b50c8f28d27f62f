/**
 * The default access matrix (product-spec-2 §6) that the staff
 * login answer carries as `permissions`. The matrix's lab_staff and billing_staff are our
 * lab_technician and accountant. When an access-control module makes the matrix editable, it
 * should own this table and identity should read it from there.
 */
export { ROLE_IDS, roleIdOf } from '../../shared/roles';

export const DEFAULT_ACCESS_MATRIX: readonly { module: string; roles: readonly string[] }[] = [
  { module: 'Patient Management', roles: ['admin', 'receptionist', 'doctor', 'nurse'] },
  { module: 'Laboratory', roles: ['admin', 'doctor', 'lab_technician'] },
  { module: 'Pharmacy', roles: ['admin', 'doctor', 'pharmacist'] },
  { module: 'Billing & Invoicing', roles: ['admin', 'accountant'] },
  { module: 'Report', roles: ['admin', 'doctor', 'lab_technician', 'pharmacist', 'accountant'] },
  { module: 'Audit Logs', roles: ['admin', 'compliance_officer'] },
];

/** Roles that may look but never change anything (issue 10). */
const READ_ONLY_ROLES: readonly string[] = ['compliance_officer'];

/** The matrix grants a module as a whole, so a granted module carries every action. */
export const MODULE_ACTIONS = ['read', 'write', 'update', 'delete'] as const;

export type Permission = { module: string; actions: string[] };

export function permissionsFor(role: string): Permission[] {
  return DEFAULT_ACCESS_MATRIX.filter((m) => m.roles.includes(role)).map((m) => ({
    module: m.module,
    actions: READ_ONLY_ROLES.includes(role) ? ['read'] : [...MODULE_ACTIONS],
  }));
}
