import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../app/paths';
import { Button, ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { ErrorState, LoadingState } from '../../components/states';
import { useRemoteData } from '../../lib/use-remote-data';
import { getPatient } from './api/get-patient';
import { useCanManagePatients, useCanReadHistory } from './can-manage';
import { DeletePatientDialog } from './components/delete-patient-dialog';
import { EmergencyContact, LastVitals, PatientSummary } from './components/patient-details';
import styles from './patients-page.module.css';

/** /user/patients/{patientId} (product-spec-2 §2): the receptionist's patient profile. */
export default function PatientProfilePage() {
  const { patientId = '' } = useParams();
  const navigate = useNavigate();
  const canManage = useCanManagePatients();
  const canReadHistory = useCanReadHistory();
  const [removing, setRemoving] = useState(false);
  const patient = useRemoteData((signal) => getPatient(patientId, signal), patientId);

  if (patient.status === 'loading' && !patient.data) return <LoadingState label="Loading patient..." />;
  if (patient.status === 'error' || !patient.data) {
    return (
      <div className={styles.page}>
        <PageHeading title="Patient Profile" />
        <ErrorState message={patient.error?.message ?? 'Failed to fetch patient details'} onRetry={patient.reload} />
        <ButtonLink href={paths.user.patients} variant="secondary">
          Back to Patients
        </ButtonLink>
      </div>
    );
  }
  const p = patient.data;
  return (
    <div className={styles.page}>
      <PageHeading
        title={p.name}
        actions={
          canManage ? (
            <>
              {canReadHistory && (
                <ButtonLink href={paths.admin.patientHistory(p.id)} variant="secondary">
                  History
                </ButtonLink>
              )}
              <ButtonLink href={paths.user.editPatient(p.id)}>Edit Data</ButtonLink>
              <Button variant="danger" onPress={() => setRemoving(true)}>
                Delete
              </Button>
            </>
          ) : (
            <>
              {canReadHistory && (
                <ButtonLink href={paths.admin.patientHistory(p.id)} variant="secondary">
                  History
                </ButtonLink>
              )}
              <ButtonLink href={paths.user.patients} variant="secondary">
                Back to Patients
              </ButtonLink>
            </>
          )
        }
      />
      <PatientSummary patient={p} />
      <EmergencyContact patient={p} />
      <LastVitals vitals={p.vitals} />
      <DeletePatientDialog
        patient={removing ? p : null}
        onClose={() => setRemoving(false)}
        onDeleted={(message) => {
          toast.success(message);
          navigate(paths.user.patients);
        }}
      />
    </div>
  );
}
