import type { Role } from './session';

/** Role ids of product-spec-1 §2 and display labels of §3. */
export const ROLE_IDS: Record<Role, number> = {
  admin: 0,
  doctor: 1,
  nurse: 2,
  receptionist: 3,
  lab_technician: 4,
  pharmacist: 5,
  accountant: 6,
};

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  doctor: 'Doctor',
  nurse: 'Nurse',
  receptionist: 'Receptionist',
  lab_technician: 'Lab Staff',
  pharmacist: 'Pharmacist',
  accountant: 'Billing Staff',
};

export const STAFF_ROLES: Role[] = ['doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant'];

/** Server aliases of product-spec-2 §6. */
export function normaliseRole(role: string): Role | string {
  if (role === 'lab_staff') return 'lab_technician';
  if (role === 'billing_staff') return 'accountant';
  return role;
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[normaliseRole(role) as Role] ?? role;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]![0], parts[parts.length - 1]![0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase();
}
