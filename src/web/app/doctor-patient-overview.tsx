import { useParams } from 'react-router-dom';
import { ClinicalPanels } from '../features/consultations/components/clinical-panels';
import DoctorPatientPage from '../features/patients/doctor-patient-page';

/** /doctor/patients/{patientId}: the patients feature's overview with the consultations feature's panels. */
export default function DoctorPatientOverview() {
  const { patientId = '' } = useParams();
  return <DoctorPatientPage clinical={<ClinicalPanels patientId={patientId} />} />;
}
