/**
 * The roles of the product, shared by the server and the browser: server codes, numeric ids
 * (product-spec-1 §2), display labels (§3) and the aliases other screens send (product-spec-2 §6).
 * Pure and dependency-free.
 */
export const ROLE_CODES = [
  'admin',
  'doctor',
  'nurse',
  'receptionist',
  'lab_technician',
  'pharmacist',
  'accountant',
  // Read-only: the audit trail and patient histories (issue 10).
  'compliance_officer',
] as const;

export type RoleCode = (typeof ROLE_CODES)[number];

/** Roles a staff account can hold; admin accounts come only from hospital onboarding (spec-1 §1). */
export type StaffRole = Exclude<RoleCode, 'admin'>;

export const STAFF_ROLES: readonly StaffRole[] = ROLE_CODES.filter((r): r is StaffRole => r !== 'admin');

export const ROLE_IDS: Record<RoleCode, number> = {
  admin: 0,
  doctor: 1,
  nurse: 2,
  receptionist: 3,
  lab_technician: 4,
  pharmacist: 5,
  accountant: 6,
  compliance_officer: 7,
};

export const ROLE_LABELS: Record<RoleCode, string> = {
  admin: 'Admin',
  doctor: 'Doctor',
  nurse: 'Nurse',
  receptionist: 'Receptionist',
  lab_technician: 'Lab Staff',
  pharmacist: 'Pharmacist',
  accountant: 'Billing Staff',
  compliance_officer: 'Compliance Officer',
};

export const ROLE_ALIASES: Record<string, RoleCode> = { lab_staff: 'lab_technician', billing_staff: 'accountant' };

/** The server code for a code or alias (case-insensitive), or null when it names no role. */
export function parseRole(input: string): RoleCode | null {
  const key = input.trim().toLowerCase();
  if ((ROLE_CODES as readonly string[]).includes(key)) return key as RoleCode;
  return ROLE_ALIASES[key] ?? null;
}

/** Unknown roles fall back to the doctor's id, as the sidebar does (spec-1 §2). */
export function roleIdOf(role: string): number {
  const code = parseRole(role);
  return code ? ROLE_IDS[code] : ROLE_IDS.doctor;
}
