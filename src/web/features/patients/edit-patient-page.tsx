import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../app/paths';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { ErrorState, LoadingState } from '../../components/states';
import { sameNames, useFormErrors } from '../../lib/field-errors';
import { useRemoteData } from '../../lib/use-remote-data';
import { getPatient } from './api/get-patient';
import type { PatientDetail } from './api/patient-schemas';
import type { PatientFields } from './api/register-patient';
import { stalePatientOf, updatePatient } from './api/update-patient';
import { PatientForm } from './components/patient-form';
import { conflicts, FIELD_LABELS, fieldsOf } from './edit-fields';
import { firstError, PATIENT_FIELDS, todayInput, validatePatient } from './registration-rules';
import styles from './patients-page.module.css';

/** /user/patients/{patientId}/edit: edits pinned to the version they started from (409 STALE_VERSION). */
export default function EditPatientPage() {
  const { patientId = '' } = useParams();
  const loaded = useRemoteData((signal) => getPatient(patientId, signal), patientId);
  if (loaded.status === 'loading' && !loaded.data) return <LoadingState label="Loading patient..." />;
  if (loaded.status === 'error' || !loaded.data) {
    return (
      <div className={styles.page}>
        <PageHeading title="Edit Patient" />
        <ErrorState message={loaded.error?.message ?? 'Failed to fetch patient details'} onRetry={loaded.reload} />
        <ButtonLink href={paths.user.patients} variant="secondary">
          Back to Patients
        </ButtonLink>
      </div>
    );
  }
  return <EditForm key={loaded.data.id} patient={loaded.data} />;
}

function EditForm({ patient }: { patient: PatientDetail }) {
  const navigate = useNavigate();
  const today = todayInput(new Date());
  const [fields, setFields] = useState<PatientFields>(() => fieldsOf(patient));
  const [version, setVersion] = useState(patient.version);
  const [stale, setStale] = useState<PatientDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(sameNames(PATIENT_FIELDS));

  const change = (field: keyof PatientFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  };

  async function save() {
    const errors = validatePatient(fields, new Date());
    const first = firstError(errors);
    if (first) {
      form.setErrors(errors);
      toast.error(first);
      return;
    }
    setSaving(true);
    try {
      const { message, patient: saved } = await updatePatient(patient.id, fields, version);
      toast.success(message);
      navigate(paths.user.patient(saved.id));
    } catch (e) {
      const current = stalePatientOf(e);
      if (current) {
        setStale(current);
        form.reset();
      } else {
        const message = e instanceof Error ? e.message : 'Failed to update patient';
        toast.error(form.fail(e, message) ?? message);
      }
    } finally {
      setSaving(false);
    }
  }

  const current = stale ? fieldsOf(stale) : null;
  const differences = current ? conflicts(fields, current) : [];
  return (
    <div className={styles.page}>
      <PageHeading title={`Edit ${patient.name}`} />
      {form.failure ? <Banner tone="error">{form.failure}</Banner> : null}
      {stale && current ? (
        <Banner tone="warning">
          <p>This patient was changed by someone else. Review the current values and try again.</p>
          {differences.length ? (
            <ul aria-label="Current values">
              {differences.map(({ field, theirs }) => (
                <li key={field}>
                  {FIELD_LABELS[field]}: now <strong>{theirs || 'blank'}</strong>, yours{' '}
                  <strong>{fields[field] || 'blank'}</strong>
                </li>
              ))}
            </ul>
          ) : (
            <p>Your values already match the current record.</p>
          )}
          <div className={styles.actions}>
            <Button
              size="small"
              onPress={() => {
                // Keep my entries, now based on the current version: the next Save applies them on top.
                setVersion(stale.version);
                setStale(null);
              }}
            >
              Reapply my changes
            </Button>
            <Button
              size="small"
              variant="secondary"
              onPress={() => {
                setFields(fieldsOf(stale));
                setVersion(stale.version);
                setStale(null);
              }}
            >
              Use current values
            </Button>
          </div>
        </Banner>
      ) : null}
      <PatientForm
        label="Edit patient"
        fields={fields}
        errors={form.errors}
        onChange={change}
        onSubmit={save}
        today={today}
        submitLabel="Save Changes"
        isSubmitting={saving}
        secondary={
          <ButtonLink variant="secondary" href={paths.user.patient(patient.id)}>
            Cancel
          </ButtonLink>
        }
      />
    </div>
  );
}
