import { useAtomValue } from 'jotai';
import { useParams } from 'react-router-dom';
import { ClinicalPanels } from '../features/consultations/components/clinical-panels';
import DoctorPatientPage from '../features/patients/doctor-patient-page';
import { normaliseRole } from '../lib/roles';
import { signedInUserAtom } from '../lib/session';

/**
 * /doctor/patients/{patientId}: the patients feature's overview with the consultations feature's
 * panels and Medical Records link, for doctors (the consultation records are theirs only).
 */
export default function DoctorPatientOverview() {
  const { patientId = '' } = useParams();
  const user = useAtomValue(signedInUserAtom);
  const isDoctor = !!user && normaliseRole(user.role) === 'doctor';
  return <DoctorPatientPage clinical={isDoctor ? <ClinicalPanels patientId={patientId} /> : undefined} />;
}
