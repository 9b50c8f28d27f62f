import type { Role } from './day-staff';

/** Who opens a screen: the roles of bench:day, and the compliance officer, who reads the audit trail. */
export type ScreenRole = Role | 'compliance_officer';

/**
 * The main screens of each role (the sidebar menus of src/web/features/shell/menus.ts). A screen
 * shared by two roles (Patients of the nurse and the receptionist) is opened by one of them.
 * `content`: a CSS selector, inside <main>, of what the screen exists to show; the default is a
 * table cell, a metric card or a form. The screen is shown when it matches and nothing inside
 * <main> is still loading (no `aria-busy`, no "Loading…" status).
 */
export type Screen = { role: ScreenRole; path: string; name: string; content?: string };

export const SCREENS: Screen[] = [
  { role: 'admin', path: '/admin/dashboard', name: 'Admin Dashboard' },
  { role: 'admin', path: '/admin/users', name: 'Users' },
  { role: 'admin', path: '/admin/patients', name: 'Patients (admin)' },
  { role: 'admin', path: '/admin/laboratory', name: 'Laboratory (admin)' },
  { role: 'admin', path: '/admin/reception', name: 'Reception (admin)' },
  { role: 'admin', path: '/admin/pharmacy', name: 'Pharmacy (admin)' },
  { role: 'admin', path: '/admin/billing', name: 'Billing (admin)' },
  { role: 'admin', path: '/admin/prices', name: 'Price List' },
  { role: 'admin', path: '/admin/providers', name: 'Providers' },
  { role: 'admin', path: '/admin/access-control', name: 'Access Control', content: 'input[type="checkbox"]' },
  { role: 'admin', path: '/admin/settings', name: 'Settings', content: 'input' },
  { role: 'doctor', path: '/user/dashboard', name: 'Doctor Dashboard' },
  { role: 'doctor', path: '/doctor/patients', name: 'Patients (doctor)' },
  { role: 'nurse', path: '/user/dashboard', name: 'Nurse Dashboard' },
  { role: 'nurse', path: '/user/vitals', name: 'Vitals' },
  { role: 'receptionist', path: '/user/dashboard', name: 'Receptionist Dashboard' },
  { role: 'receptionist', path: '/user/patients', name: 'Patients' },
  { role: 'receptionist', path: '/user/appointments', name: 'Appointments' },
  { role: 'lab_technician', path: '/user/dashboard', name: 'Lab Dashboard' },
  { role: 'lab_technician', path: '/user/test-request', name: 'Test Request' },
  { role: 'lab_technician', path: '/user/report', name: 'Lab Report' },
  { role: 'pharmacist', path: '/user/dashboard', name: 'Pharmacist Dashboard' },
  // Its empty state (no pending prescriptions: the seeded day dispensed them all) is a paragraph.
  {
    role: 'pharmacist',
    path: '/user/prescription-request',
    name: 'Prescription Request',
    content: 'table tbody td, p',
  },
  { role: 'pharmacist', path: '/user/inventory', name: 'Inventory Management' },
  { role: 'accountant', path: '/user/dashboard', name: 'Accountant Dashboard' },
  { role: 'accountant', path: '/user/invoice', name: 'Invoice' },
  { role: 'accountant', path: '/user/payments', name: 'Payments' },
  { role: 'accountant', path: '/user/hmo-provider', name: 'HMO Provider' },
  { role: 'compliance_officer', path: '/admin/audit', name: 'Audit Logs' },
];

export const DEFAULT_CONTENT = 'table tbody td, [role="group"][aria-label], input';

/**
 * Runs in the page: is the screen's content shown? <main> holds `content`, and nothing in it is
 * still loading.
 */
export function contentShown(content: string): boolean {
  const main = document.querySelector('main');
  if (!main) return false;
  if (main.querySelector('[aria-busy="true"]')) return false;
  for (const status of main.querySelectorAll('[role="status"]')) {
    if (/loading/i.test(status.textContent ?? '')) return false;
  }
  return main.querySelector(content) !== null;
}

/** Runs in the page: the text of an error shown inside <main> (an alert that says it failed), or null. */
export function errorShown(): string | null {
  for (const alert of document.querySelectorAll('main [role="alert"]')) {
    const text = alert.textContent ?? '';
    if (/error|failed|denied|could not|unable/i.test(text)) return text.trim().slice(0, 200);
  }
  return null;
}
