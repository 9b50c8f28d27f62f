/**
 * Staff roles: the server codes, their numeric ids (product-spec-1 §2), display labels (§3)
 * and the aliases other screens send (product-spec-2 §6: lab_staff, billing_staff).
 */
export const ROLE_CODES = [
  'admin',
  'doctor',
  'nurse',
  'receptionist',
  'lab_technician',
  'pharmacist',
  'accountant',
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
};

export const ROLE_LABELS: Record<RoleCode, string> = {
  admin: 'Admin',
  doctor: 'Doctor',
  nurse: 'Nurse',
  receptionist: 'Receptionist',
  lab_technician: 'Lab Staff',
  pharmacist: 'Pharmacist',
  accountant: 'Billing Staff',
};

const ALIASES: Record<string, RoleCode> = { lab_staff: 'lab_technician', billing_staff: 'accountant' };

/** The server code for a code or alias (case-insensitive), or null when it names no role. */
export function parseRole(input: string): RoleCode | null {
  const key = input.trim().toLowerCase();
  if ((ROLE_CODES as readonly string[]).includes(key)) return key as RoleCode;
  return ALIASES[key] ?? null;
}

export const ADMIN_ROLE_REFUSED = 'Admin accounts are created only through hospital onboarding';
export const UNKNOWN_ROLE =
  'Role must be one of doctor, nurse, receptionist, lab_technician (lab_staff), pharmacist or accountant (billing_staff)';
