import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ClinicalPanels } from '../features/consultations/components/clinical-panels';
import { NewConsultationButton } from '../features/consultations/components/new-consultation-button';
import DoctorPatientPage from '../features/patients/doctor-patient-page';
import { normaliseRole } from '../lib/roles';
import { signedInUserAtom } from '../lib/session';

/**
 * /doctor/patients/{patientId}: the patients feature's overview with the consultations feature's
 * panels, Medical Records link and New Consultation, for doctors (the consultation records are theirs
 * only). A saved consultation reloads the panels.
 */
export default function DoctorPatientOverview() {
  const { patientId = '' } = useParams();
  const user = useAtomValue(signedInUserAtom);
  const isDoctor = !!user && normaliseRole(user.role) === 'doctor';
  const [saves, setSaves] = useState(0);
  if (!isDoctor) return <DoctorPatientPage />;
  return (
    <DoctorPatientPage
      clinical={<ClinicalPanels key={saves} patientId={patientId} />}
      action={<NewConsultationButton patientId={patientId} onSaved={() => setSaves((n) => n + 1)} />}
    />
  );
}
