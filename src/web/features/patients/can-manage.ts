import { useAtomValue } from 'jotai';
import { hasModule } from '../../lib/module-access';
import { normaliseRole } from '../../lib/roles';
import { signedInUserAtom } from '../../lib/session';

/** Receptionists and admins with Patient Management register, edit and delete patients; the server checks again. */
export function useCanManagePatients(): boolean {
  const user = useAtomValue(signedInUserAtom);
  const role = user ? String(normaliseRole(user.role)) : '';
  return (role === 'receptionist' || role === 'admin') && hasModule(user, 'patients');
}

/** Doctors, nurses and admins move patients between statuses. */
export function useCanChangeStatus(): boolean {
  const user = useAtomValue(signedInUserAtom);
  const role = user ? String(normaliseRole(user.role)) : '';
  return (role === 'doctor' || role === 'nurse' || role === 'admin') && hasModule(user, 'patients');
}

/** Admins and compliance officers read a patient's audited history (issue 10). */
export function useCanReadHistory(): boolean {
  const user = useAtomValue(signedInUserAtom);
  const role = user ? String(normaliseRole(user.role)) : '';
  return role === 'admin' || role === 'compliance_officer';
}
