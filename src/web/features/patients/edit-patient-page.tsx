import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../app/paths';
import { Banner } from '../../components/banner';
import { ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { ErrorState, LoadingState } from '../../components/states';
import { fieldErrorsOf, sameNames, useFormErrors } from '../../lib/field-errors';
import { useRemoteData } from '../../lib/use-remote-data';
import { getPatient } from './api/get-patient';
import type { PatientDetail } from './api/patient-schemas';
import type { PatientFields } from './api/register-patient';
import { stalePatientOf, updatePatient } from './api/update-patient';
import { PatientForm } from './components/patient-form';
import { changedFields, fieldsOf, reapply, staleRows } from './edit-fields';
import { StaleVersionNotice } from './components/stale-version-notice';
import { firstError, PATIENT_FIELDS, todayInput, validatePatient } from './registration-rules';
import styles from './patients-page.module.css';

const STALE_MESSAGE = 'This patient was changed by someone else. Review the current values and try again.';

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
  // What the form was filled from, and its version: an edit sends only what changed since, pinned to it.
  const [loaded, setLoaded] = useState(() => ({ fields: fieldsOf(patient), version: patient.version }));
  const [fields, setFields] = useState<PatientFields>(() => fieldsOf(patient));
  const [stale, setStale] = useState<{ message: string; current: PatientDetail } | null>(null);
  const [reapplied, setReapplied] = useState(false);
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(sameNames(PATIENT_FIELDS));

  const change = (field: keyof PatientFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    form.clearField(field);
  };

  /** Starts again from the record as it now stands; with `keepMine`, this person's own edits on top. */
  const rebase = (current: PatientDetail, keepMine: boolean) => {
    const now = fieldsOf(current);
    setFields(keepMine ? reapply(loaded.fields, now, fields) : now);
    setLoaded({ fields: now, version: current.version });
    setStale(null);
    setReapplied(keepMine);
  };

  async function save() {
    if (stale) return;
    const errors = validatePatient(fields, new Date());
    const first = firstError(errors);
    if (first) {
      form.setErrors(errors);
      toast.error(first);
      return;
    }
    const changes = changedFields(loaded.fields, fields);
    if (Object.keys(changes).length === 0) {
      toast.info('No changes to save');
      return;
    }
    setSaving(true);
    setReapplied(false);
    try {
      const { message, patient: saved } = await updatePatient(patient.id, changes, loaded.version);
      toast.success(message);
      navigate(paths.user.patient(saved.id));
    } catch (e) {
      const current = stalePatientOf(e);
      if (current) {
        setStale({ message: e instanceof Error ? e.message : STALE_MESSAGE, current });
        form.reset();
      } else {
        const message = e instanceof Error ? e.message : 'Failed to update patient';
        const above = form.fail(e, message);
        // The first problem as a toast, as the form's own checks do; each stays beside its field too.
        toast.error(fieldErrorsOf(e)[0]?.message ?? above ?? message);
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className={styles.page}>
      <PageHeading title={`Edit ${patient.name}`} />
      {form.failure ? <Banner tone="error">{form.failure}</Banner> : null}
      {reapplied ? (
        <Banner tone="info">Your changes are applied to the current values. Review them and save again.</Banner>
      ) : null}
      {stale ? (
        <StaleVersionNotice
          message={stale.message}
          rows={staleRows(loaded.fields, fieldsOf(stale.current), fields)}
          onReapply={() => rebase(stale.current, true)}
          onDiscard={() => rebase(stale.current, false)}
        />
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
        isSubmitDisabled={stale !== null}
        secondary={
          <ButtonLink variant="secondary" href={paths.user.patient(patient.id)}>
            Cancel
          </ButtonLink>
        }
      />
    </div>
  );
}
