import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { normaliseRole } from '../../lib/roles';
import { signedInUserAtom } from '../../lib/session';
import { AccountantView } from './components/accountant-view';
import { DoctorView } from './components/doctor-view';
import { LabView } from './components/lab-view';
import { PharmacistView } from './components/pharmacist-view';
import { ReceptionistView } from './components/receptionist-view';

const ROLE_BY_ID: Record<number, string> = {
  1: 'doctor',
  2: 'nurse',
  3: 'receptionist',
  4: 'lab_technician',
  5: 'pharmacist',
  6: 'accountant',
};

/** The role's code: its name when known (aliases included), else the one its role id stands for. */
export function dashboardRole(user: { role: string; roleId?: number | null }): string {
  const role = String(normaliseRole(user.role));
  if (Object.values(ROLE_BY_ID).includes(role)) return role;
  return (typeof user.roleId === 'number' && ROLE_BY_ID[user.roleId]) || 'doctor';
}

/** /user/dashboard: each role's own view; doctor and nurse share one, and any other role gets the doctor's. */
export default function UserDashboardPage({
  doctorAside,
  receptionistQueue,
}: { doctorAside?: ReactNode; receptionistQueue?: ReactNode } = {}) {
  const user = useAtomValue(signedInUserAtom);
  switch (dashboardRole(user ?? { role: 'doctor' })) {
    case 'receptionist':
      return <ReceptionistView queue={receptionistQueue} />;
    case 'pharmacist':
      return <PharmacistView />;
    case 'lab_technician':
      return <LabView />;
    case 'accountant':
      return <AccountantView />;
    case 'nurse':
      return <DoctorView title="Nurse Dashboard" showLab={false} />;
    default:
      return <DoctorView title="Doctor Dashboard" aside={doctorAside} />;
  }
}
