import { useAtomValue } from 'jotai';
import { normaliseRole } from '../../lib/roles';
import { signedInUserAtom } from '../../lib/session';

/** Receptionists and admins register, edit and delete patients; the server checks again. */
export function useCanManagePatients(): boolean {
  const user = useAtomValue(signedInUserAtom);
  const role = user ? String(normaliseRole(user.role)) : '';
  return role === 'receptionist' || role === 'admin';
}

/** Doctors, nurses and admins move patients between statuses. */
export function useCanChangeStatus(): boolean {
  const user = useAtomValue(signedInUserAtom);
  const role = user ? String(normaliseRole(user.role)) : '';
  return role === 'doctor' || role === 'nurse' || role === 'admin';
}

/** Admins and compliance officers read a patient's audited history (issue 10). */
export function useCanReadHistory(): boolean {
  const user = useAtomValue(signedInUserAtom);
  const role = user ? String(normaliseRole(user.role)) : '';
  return role === 'admin' || role === 'compliance_officer';
}
