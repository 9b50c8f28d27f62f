import { useEffect, useRef, useState } from 'react';
import { ICD10_DIAGNOSES } from '../../../../shared/icd10';
import { Label, TextArea, TextField as AriaTextField, FieldError } from 'react-aria-components';
import { toast } from 'react-toastify';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { ComboField } from '../../../components/combo-field';
import { Drawer } from '../../../components/drawer';
import fieldStyles from '../../../components/field.module.css';
import { TextField } from '../../../components/text-field';
import { useFormErrors } from '../../../lib/field-errors';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';
import { useHospitalSettings } from '../../../lib/hospital-settings';
import { createConsultation } from '../api/create-consultation';
import type { Consultation } from '../api/consultation-schemas';
import {
  DEFAULT_FEE,
  draftFieldOf,
  emptyDraft,
  toPayload,
  validateDraft,
  type ConsultationDraft,
  type DraftField,
} from '../consultation-draft';
import { BillingSection } from './billing-section';
import { LabTestPicker } from './lab-test-picker';
import { MedicationList } from './medication-list';
import styles from './consultation-form.module.css';

/** The ICD-10 list (code beside each title); a title picked from it is sent with its code. */
const DIAGNOSES = ICD10_DIAGNOSES.map((d) => ({ id: d.code, label: d.display, hint: d.code }));

type Props = {
  patientId: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (consultation: Consultation) => void;
};

const VITALS = [
  { key: 'bloodPressure', label: 'Blood pressure (mmHg)', placeholder: '120/80', mode: 'text' },
  { key: 'pulseRate', label: 'Pulse rate (BPM)', placeholder: '72', mode: 'numeric' },
  { key: 'temperature', label: 'Temperature (°C or °F)', placeholder: '36.8', mode: 'decimal' },
  { key: 'weight', label: 'Weight (kg)', placeholder: '70', mode: 'decimal' },
] as const;

/** Indexed messages ('medications.2') as a row → message map. */
function rowErrors(errors: Partial<Record<DraftField, string>>, prefix: 'medications' | 'charges') {
  const rows: Partial<Record<number, string>> = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message && field.startsWith(`${prefix}.`)) rows[Number(field.split('.')[1])] = message;
  }
  return rows;
}

/** The slide-in New Consultation panel (product-spec-2 §2, §3, §5, §8). */
export function NewConsultationDrawer({ patientId, isOpen, onOpenChange, onSaved }: Props) {
  // The hospital's default fee (its settings), once known; until then, and if unreadable, 5000 (spec-2 §9).
  const fee = useHospitalSettings()?.defaultConsultationFee ?? DEFAULT_FEE;
  const [draft, setDraft] = useState<ConsultationDraft>(() => emptyDraft(fee));
  useEffect(() => {
    setDraft((d) => (d.consultationFee === String(DEFAULT_FEE) ? { ...d, consultationFee: String(fee) } : d));
  }, [fee]);
  const [saving, setSaving] = useState(false);
  const form = useFormErrors<DraftField>(draftFieldOf);
  const body = useRef<HTMLFormElement>(null);

  const set = <K extends keyof ConsultationDraft>(key: K, value: ConsultationDraft[K], field?: DraftField) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (field) form.clearField(field);
  };
  const setFieldError = (field: DraftField, message: string | null) =>
    form.setErrors((e) => ({ ...e, [field]: message ?? undefined }));

  /** Cancel, or a save that went through: the panel closes and starts empty next time (spec-2 §8). */
  function close() {
    setDraft(emptyDraft(fee));
    form.reset();
    onOpenChange(false);
  }

  async function save() {
    const errors = validateDraft(draft);
    const first = Object.values(errors)[0];
    if (first) {
      form.setErrors(errors);
      toast.error(first);
      focusFirstInvalid(body.current);
      return;
    }
    setSaving(true);
    try {
      const { consultation, message } = await createConsultation(toPayload(patientId, draft));
      toast.success(message);
      onSaved(consultation);
      close();
    } catch (e) {
      const message = e instanceof Error ? e.message : 'An error occurred while saving consultation';
      form.fail(e, message);
      toast.error(message);
      focusFirstInvalid(body.current);
    } finally {
      setSaving(false);
    }
  }

  const text = (key: 'chiefComplaint', label: string) => (
    <TextField
      label={label}
      isRequired
      value={draft[key]}
      onChange={(v) => set(key, v, key)}
      error={form.errors[key]}
    />
  );

  return (
    <Drawer
      title="New Consultation"
      isOpen={isOpen}
      // Escape, ✕ or a click outside only hide the panel: what was typed is still there when it opens again.
      onOpenChange={onOpenChange}
      footer={
        <>
          <Button variant="secondary" onPress={close} isDisabled={saving}>
            Cancel
          </Button>
          <Button onPress={save} isDisabled={saving}>
            {saving ? 'Saving...' : 'Save Consultation'}
          </Button>
        </>
      }
    >
      <form
        ref={body}
        className={styles.form}
        aria-label="New consultation"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {form.failure ? <Banner tone="error">{form.failure}</Banner> : null}
        <fieldset className={styles.section}>
          <legend className={styles.legend}>Vitals</legend>
          <div className={styles.grid}>
            {VITALS.map((v) => (
              <TextField
                key={v.key}
                label={v.label}
                placeholder={v.placeholder}
                inputMode={v.mode}
                value={draft[v.key]}
                onChange={(value) => set(v.key, value, v.key)}
                error={form.errors[v.key]}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.section}>
          <legend className={styles.legend}>Assessment</legend>
          {text('chiefComplaint', 'Chief complaint')}
          <ComboField
            label="Primary diagnosis"
            isRequired
            options={DIAGNOSES}
            value={draft.primaryDiagnosis}
            onChange={(v) => set('primaryDiagnosis', v, 'primaryDiagnosis')}
            description="Type to search ICD-10 diagnoses, or write your own"
            error={form.errors.primaryDiagnosis}
          />
          <AriaTextField
            className={fieldStyles.field}
            value={draft.doctorNotes}
            onChange={(v) => set('doctorNotes', v, 'doctorNotes')}
            isInvalid={!!form.errors.doctorNotes}
            validationBehavior="aria"
          >
            <Label className={fieldStyles.label}>Doctor notes</Label>
            <TextArea className={`${fieldStyles.input} ${styles.textarea}`} rows={3} />
            <FieldError className={fieldStyles.error}>{form.errors.doctorNotes}</FieldError>
          </AriaTextField>
        </fieldset>
        <MedicationList
          medications={draft.medications}
          errors={rowErrors(form.errors, 'medications')}
          onChange={(medications) => set('medications', medications)}
          onRowError={(index, message) => setFieldError(`medications.${index}`, message)}
        />
        <LabTestPicker
          tests={draft.labTests}
          error={form.errors.labTests ?? null}
          onChange={(labTests) => set('labTests', labTests, 'labTests')}
          onError={(message) => setFieldError('labTests', message)}
        />
        <BillingSection
          fee={draft.consultationFee}
          charges={draft.charges}
          errors={{ fee: form.errors.consultationFee, charges: rowErrors(form.errors, 'charges') }}
          onFeeChange={(fee) => set('consultationFee', fee, 'consultationFee')}
          onChargesChange={(charges) => set('charges', charges)}
        />
      </form>
    </Drawer>
  );
}
