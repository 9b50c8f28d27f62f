import { ROLE_CODES, type RoleCode } from './roles';

/**
 * The module × role access matrix of product-spec-2 §6, shared by the server (which enforces it)
 * and the browser (which hides what a person may not use). The spec's lab_staff and billing_staff
 * are our lab_technician and accountant. Each hospital starts from these defaults and its
 * administrator may change them (module access-control); the admin keeps every module.
 */
export const ACCESS_MODULES = [
  { id: 'patients', name: 'Patient Management' },
  { id: 'laboratory', name: 'Laboratory' },
  { id: 'pharmacy', name: 'Pharmacy' },
  { id: 'billing', name: 'Billing & Invoicing' },
  { id: 'reports', name: 'Report' },
  { id: 'audit', name: 'Audit Logs' },
] as const;

export type AccessModuleId = (typeof ACCESS_MODULES)[number]['id'];
export type AccessMatrix = Record<AccessModuleId, RoleCode[]>;

export const ACCESS_MODULE_IDS: readonly AccessModuleId[] = ACCESS_MODULES.map((m) => m.id);

export const DEFAULT_ACCESS_MATRIX: AccessMatrix = {
  patients: ['admin', 'receptionist', 'doctor', 'nurse'],
  laboratory: ['admin', 'doctor', 'lab_technician'],
  pharmacy: ['admin', 'doctor', 'pharmacist'],
  billing: ['admin', 'accountant'],
  reports: ['admin', 'doctor', 'lab_technician', 'pharmacist', 'accountant'],
  audit: ['admin', 'compliance_officer'],
};

/** Roles that may look but never change anything (issue 10). */
const READ_ONLY_ROLES: readonly string[] = ['compliance_officer'];

/** The matrix grants a module as a whole, so a granted module carries every action. */
export const MODULE_ACTIONS = ['read', 'write', 'update', 'delete'] as const;

export type Permission = { module: string; actions: string[] };

export function moduleName(id: string): string {
  return ACCESS_MODULES.find((m) => m.id === id)?.name ?? id;
}

/** The module id for an id or a display name ('Billing & Invoicing'), case-insensitive; null when unknown. */
export function parseAccessModule(input: string): AccessModuleId | null {
  const key = input.trim().toLowerCase();
  const hit = ACCESS_MODULES.find((m) => m.id === key || m.name.toLowerCase() === key);
  return hit?.id ?? null;
}

export function isGranted(matrix: AccessMatrix, module: string, role: string): boolean {
  return (matrix[module as AccessModuleId] ?? []).includes(role as RoleCode);
}

/** The `permissions` list a signed-in person carries (product-spec-1 §3), from their hospital's matrix. */
export function permissionsFromMatrix(matrix: AccessMatrix, role: string): Permission[] {
  return ACCESS_MODULES.filter((m) => isGranted(matrix, m.id, role)).map((m) => ({
    module: m.name,
    actions: READ_ONLY_ROLES.includes(role) ? ['read'] : [...MODULE_ACTIONS],
  }));
}

/** Every module's roles in the order of ROLE_CODES, so equal matrices compare and store alike. */
export function normaliseMatrix(matrix: Partial<Record<string, readonly string[]>>): AccessMatrix {
  const out = {} as AccessMatrix;
  for (const id of ACCESS_MODULE_IDS) {
    const roles = new Set(matrix[id] ?? DEFAULT_ACCESS_MATRIX[id]);
    out[id] = ROLE_CODES.filter((r) => roles.has(r));
  }
  return out;
}

/** The 403 a person gets from a route of a module their role has been refused in this hospital. */
export function moduleRefusedMessage(id: string): string {
  return `Access denied. Your role does not have access to the ${moduleName(id)} module.`;
}
