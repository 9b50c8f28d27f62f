import { accountant, admin, labTechnician, pharmacist } from './day-roles-office';
import { doctor, nurse, receptionist } from './day-roles-ward';
import type { Action, Role, Staff } from './day-staff';

/**
 * Each role's loop: the screens the browser shows that role and the calls each makes, chosen by
 * weight, with a think time after each (seconds, before scaling). Work moves along the day as in
 * a clinic: reception registers → nurses take vitals → a doctor takes the patient, records the
 * consultation with prescriptions and lab orders → the lab starts and records results → the
 * doctor reviews and marks the patient seen → a nurse discharges; pharmacists dispense, the
 * accountants take payments on the invoices billing raised, admins read the audit trail and reports.
 */
export const LOOPS: Record<Role, Action[]> = {
  receptionist,
  nurse,
  doctor,
  lab_technician: labTechnician,
  pharmacist,
  accountant,
  admin,
};

/** Screen after screen until the day ends, a think time of 5–25 s after each. */
export async function work(s: Staff): Promise<void> {
  const actions = LOOPS[s.role];
  const total = actions.reduce((a, [w]) => a + w, 0);
  // Staff do not all sit down in the same second.
  if (!(await s.pause(0, 25))) return;
  for (;;) {
    let r = Math.random() * total;
    const action = actions.find(([w]) => (r -= w) < 0) ?? actions[0]!;
    await action[1](s);
    if (!(await s.pause(5, 25))) return;
  }
}
