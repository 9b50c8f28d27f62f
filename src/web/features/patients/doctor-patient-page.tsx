import { useEffect, useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { ErrorState, LoadingState } from '../../components/states';
import { useRemoteData } from '../../lib/use-remote-data';
import { getPatient } from './api/get-patient';
import { PatientsError, type PatientDetail } from './api/patient-schemas';
import { useCanChangeStatus } from './can-manage';
import { EmergencyContact, LastVitals, PatientSummary } from './components/patient-details';
import { StatusControl } from './components/status-control';
import styles from './patients-page.module.css';

/**
 * /doctor/patients/{patientId} (product-spec-2 §2): the patient overview with last vitals and status;
 * `clinical` is the consultation panels, which app/ composes in for doctors (features do not import
 * each other); with them comes the Medical Records link, and `action` (New Consultation) beside it.
 */
export default function DoctorPatientPage({ clinical, action }: { clinical?: ReactNode; action?: ReactNode }) {
  const { patientId = '' } = useParams();
  const canChange = useCanChangeStatus();
  const loaded = useRemoteData((signal) => getPatient(patientId, signal), patientId);
  const [updated, setUpdated] = useState<PatientDetail | null>(null);
  const navigate = useNavigate();
  const missing = loaded.status === 'error' && loaded.error instanceof PatientsError && loaded.error.status === 404;

  // A patient that does not exist (or was deleted) sends the doctor back to the list (product-spec-2 §8);
  // other failures stay here with a retry, so a dropped connection does not lose the doctor's place.
  useEffect(() => {
    if (!missing) return;
    toast.error(loaded.error?.message ?? 'Patient not found', { toastId: 'patient-not-found' });
    navigate(paths.doctor.patients, { replace: true });
  }, [missing, loaded.error, navigate]);

  if (loaded.status === 'loading' && !loaded.data) return <LoadingState label="Loading patient..." />;
  if (loaded.status === 'error' || !loaded.data) {
    return (
      <div className={styles.page}>
        <PageHeading title="Patient Overview" />
        <ErrorState message={loaded.error?.message ?? 'Failed to fetch patient details'} onRetry={loaded.reload} />
        <ButtonLink href={paths.doctor.patients} variant="secondary">
          Back to Patients
        </ButtonLink>
      </div>
    );
  }
  const patient = updated && updated.version >= loaded.data.version ? updated : loaded.data;
  return (
    <div className={styles.page}>
      <PageHeading
        title={patient.name}
        actions={
          <>
            <ButtonLink href={paths.doctor.patients} variant="secondary">
              Back to Patients
            </ButtonLink>
            {clinical ? (
              <ButtonLink href={paths.doctor.medicalRecords(patient.id)} variant={action ? 'secondary' : 'primary'}>
                Medical Records
              </ButtonLink>
            ) : null}
            {action}
          </>
        }
      />
      <PatientSummary patient={patient} />
      <StatusControl key={patient.version} patient={patient} canChange={canChange} onChanged={setUpdated} />
      <LastVitals vitals={patient.vitals} />
      {clinical}
      <EmergencyContact patient={patient} />
    </div>
  );
}
