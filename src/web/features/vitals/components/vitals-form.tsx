import { useState, type FormEvent } from 'react';
import { Form } from 'react-aria-components';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { sameNames, useFormErrors } from '../../../lib/field-errors';
import { recordVitals } from '../api/record-vitals';
import type { WaitingPatient } from '../api/waiting-patients';
import { checkVitals, EMPTY_VITALS, VITALS_FIELDS, type VitalsField, type VitalsValues } from '../vitals-form-rules';
import styles from './vitals-form.module.css';

const NUMBER_FIELDS: { field: Exclude<VitalsField, 'temperatureUnit'>; label: string; placeholder: string }[] = [
  { field: 'bloodPressure', label: 'Blood Pressure (mmHg)', placeholder: 'e.g. 120/80' },
  { field: 'pulseRate', label: 'Pulse Rate (BPM)', placeholder: 'e.g. 72' },
  { field: 'temperature', label: 'Temperature', placeholder: 'e.g. 36.8' },
  { field: 'weight', label: 'Weight (kg)', placeholder: 'e.g. 64' },
  { field: 'height', label: 'Height (cm)', placeholder: 'e.g. 170' },
  { field: 'respiratoryRate', label: 'Respiratory Rate (breaths/min)', placeholder: 'e.g. 16' },
  { field: 'oxygenSaturation', label: 'Oxygen Saturation (%)', placeholder: 'e.g. 98' },
];
const UNITS = [
  { id: 'C', label: '°C' },
  { id: 'F', label: '°F' },
];

type VitalsFormProps = { patient: WaitingPatient; onRecorded: () => void; onCancel: () => void };

/** Records one set of vitals for the chosen patient, checked by the server's own rules before sending. */
export function VitalsForm({ patient, onRecorded, onCancel }: VitalsFormProps) {
  const [values, setValues] = useState<VitalsValues>(EMPTY_VITALS);
  const [saving, setSaving] = useState(false);
  const { errors, failure, setErrors, setFailure, clearField, fail } = useFormErrors(sameNames(VITALS_FIELDS));

  const change = (field: VitalsField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    clearField(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkVitals(values);
    if (!checked.ok) {
      setErrors(checked.byField);
      setFailure(checked.form);
      return;
    }
    setSaving(true);
    try {
      toast.success(await recordVitals(patient.id, checked.vitals, patient.name));
      setValues(EMPTY_VITALS);
      onRecorded();
    } catch (e) {
      const above = fail(e, 'Failed to record vitals');
      if (above) toast.error(above);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form className={styles.form} onSubmit={submit} aria-label={`Record vitals for ${patient.name}`}>
      <p className={styles.who}>
        <strong>{patient.name}</strong> · {patient.identificationNumber}
        {patient.age === null ? '' : ` · ${patient.age} years`} · {patient.gender}
      </p>
      {failure ? (
        <p role="alert" className={styles.failure}>
          {failure}
        </p>
      ) : null}
      <div className={styles.grid}>
        {NUMBER_FIELDS.map(({ field, label, placeholder }, i) => (
          <TextField
            key={field}
            label={label}
            value={values[field]}
            onChange={change(field)}
            error={errors[field]}
            placeholder={placeholder}
            inputMode={field === 'bloodPressure' ? 'text' : 'decimal'}
            autoFocus={i === 0}
          />
        ))}
        <SelectField
          label="Temperature Unit"
          options={UNITS}
          value={values.temperatureUnit}
          onChange={change('temperatureUnit')}
          error={errors.temperatureUnit}
        />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onCancel} isDisabled={saving}>
          Cancel
        </Button>
        <Button type="submit" isDisabled={saving}>
          {saving ? 'Saving...' : 'Save Vitals'}
        </Button>
      </div>
    </Form>
  );
}
