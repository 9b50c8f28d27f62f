import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../app/paths';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { fieldErrorsOf, sameNames, useFormErrors } from '../../lib/field-errors';
import {
  duplicateCandidatesOf,
  registerPatient,
  type DuplicateCandidate,
  type PatientFields,
} from './api/register-patient';
import { PatientsError } from './api/patient-schemas';
import { DuplicateCandidates } from './components/duplicate-candidates';
import { PatientForm } from './components/patient-form';
import { generatePatientId } from './patient-id';
import { EMPTY_PATIENT, firstError, PATIENT_FIELDS, todayInput, validatePatient } from './registration-rules';
import styles from './patients-page.module.css';

/** /user/patients/register (product-spec-2 §2, §5): register, warned of likely duplicates. */
export default function RegisterPatientPage() {
  const navigate = useNavigate();
  const today = todayInput(new Date());
  const [fields, setFields] = useState<PatientFields>(EMPTY_PATIENT);
  const [registrationDate, setRegistrationDate] = useState(today);
  const [saving, setSaving] = useState(false);
  const [candidates, setCandidates] = useState<DuplicateCandidate[] | null>(null);
  const form = useFormErrors(sameNames(PATIENT_FIELDS));

  const change = (field: keyof PatientFields, value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    form.clearField(field);
    setCandidates(null);
  };

  async function save(allowDuplicate = false) {
    const errors = validatePatient(fields, new Date());
    const first = firstError(errors);
    if (first) {
      form.setErrors(errors);
      toast.error(first);
      return;
    }
    setSaving(true);
    try {
      const { message } = await registerPatient(fields, { allowDuplicate });
      toast.success(message);
      // product-spec-2 §8: a registration goes back to the patient list.
      navigate(paths.user.patients);
    } catch (e) {
      const duplicates = duplicateCandidatesOf(e);
      if (duplicates) {
        setCandidates(duplicates);
        form.reset();
      } else if (e instanceof PatientsError && e.code === 'DUPLICATE_IDENTIFICATION') {
        // The number is taken: say so beside it, where the receptionist changes it (or generates another).
        form.setErrors({ identificationNumber: e.message });
        toast.error(e.message);
      } else {
        const message = e instanceof Error ? e.message : 'Failed to register patient';
        const above = form.fail(e, message);
        // The first problem as a toast, as the form's own checks do; each stays beside its field too.
        toast.error(fieldErrorsOf(e)[0]?.message ?? above ?? message);
      }
    } finally {
      setSaving(false);
    }
  }

  function reset() {
    setFields(EMPTY_PATIENT);
    setRegistrationDate(today);
    setCandidates(null);
    form.reset();
    toast.success('Form reset successfully');
  }

  function generate() {
    change('identificationNumber', generatePatientId(new Date()));
    toast.success('Identification number generated');
  }

  return (
    <div className={styles.page}>
      <PageHeading title="Register Patient" />
      {form.failure ? <Banner tone="error">{form.failure}</Banner> : null}
      {candidates ? (
        <DuplicateCandidates
          candidates={candidates}
          isSaving={saving}
          onRegisterAnyway={() => save(true)}
          onDismiss={() => setCandidates(null)}
        />
      ) : null}
      <PatientForm
        label="Register patient"
        fields={fields}
        errors={form.errors}
        onChange={change}
        onSubmit={() => save(false)}
        today={today}
        submitLabel="Save"
        isSubmitting={saving}
        onGenerateId={generate}
        registrationDate={{ value: registrationDate, onChange: setRegistrationDate }}
        secondary={
          <Button variant="secondary" onPress={reset}>
            Reset
          </Button>
        }
      />
    </div>
  );
}
