import { Button } from '../../../components/button';
import { ComboField } from '../../../components/combo-field';
import { TextField } from '../../../components/text-field';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getFormulary } from '../api/formulary';
import { emptyMedication, MEDICATION_FIELDS, medicationComplete, type MedicationDraft } from '../consultation-draft';
import styles from './consultation-form.module.css';

type Props = {
  medications: MedicationDraft[];
  /** The message per row ('Please fill all medication fields' or the server's). */
  errors: Partial<Record<number, string>>;
  onChange: (medications: MedicationDraft[]) => void;
  onRowError: (index: number, message: string | null) => void;
};

const FIELDS = [
  { key: 'medicationName', label: 'Medication name' },
  { key: 'dosage', label: 'Dosage' },
  { key: 'frequency', label: 'Frequency' },
  { key: 'duration', label: 'Duration' },
  { key: 'quantity', label: 'Quantity' },
  { key: 'instructions', label: 'Instructions (optional)' },
] as const;

const REQUIRED = ['medicationName', 'dosage', 'frequency', 'duration'] as const;

/** Prescriptions as rows: a new row only once the last one has name, dosage, frequency and duration (§5). */
export function MedicationList({ medications, errors, onChange, onRowError }: Props) {
  // The formulary suggests; without it (no access, offline) the doctor still types the name.
  const formulary = useRemoteData((signal) => getFormulary(signal), 'formulary');
  const update = (index: number, field: keyof MedicationDraft, value: string) => {
    // The name of a formulary medication (picked, or typed in full) names it; anything else is free text.
    const named = (formulary.data ?? []).find((o) => o.label.toLowerCase() === value.trim().toLowerCase());
    const change =
      field === 'medicationName' ? { medicationName: value, medicationId: named?.id ?? null } : { [field]: value };
    onChange(medications.map((m, i) => (i === index ? { ...m, ...change } : m)));
    onRowError(index, null);
  };
  const pick = (index: number, option: { id: string; label: string }) => {
    onChange(
      medications.map((m, i) => (i === index ? { ...m, medicationName: option.label, medicationId: option.id } : m)),
    );
    onRowError(index, null);
  };
  const add = () => {
    const last = medications.length - 1;
    if (last >= 0 && !medicationComplete(medications[last]!)) {
      onRowError(last, MEDICATION_FIELDS);
      return;
    }
    onChange([...medications, emptyMedication()]);
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Medications</legend>
      {medications.length === 0 ? <p className={styles.hint}>No medications prescribed.</p> : null}
      <ol className={styles.rows} aria-label="Prescribed medications">
        {medications.map((m, index) => {
          // The row's message stands under its first empty field (invalid, so the keyboard is taken there).
          const missing = errors[index] ? REQUIRED.find((k) => !m[k].trim()) : undefined;
          return (
            <li key={m.key} className={styles.row} aria-label={`Medication ${index + 1}`}>
              <div className={styles.grid}>
                {FIELDS.map((f) =>
                  f.key === 'medicationName' ? (
                    <ComboField
                      key={f.key}
                      label={f.label}
                      options={formulary.data ?? []}
                      value={m.medicationName}
                      onChange={(v) => update(index, f.key, v)}
                      onPick={(option) => pick(index, option)}
                      description="Pick from the pharmacy's list, or type a drug it does not stock"
                      error={f.key === missing ? errors[index] : undefined}
                    />
                  ) : (
                    <TextField
                      key={f.key}
                      label={f.label}
                      value={m[f.key]}
                      onChange={(v) => update(index, f.key, v)}
                      inputMode={f.key === 'quantity' ? 'numeric' : undefined}
                      className={f.key === 'instructions' ? styles.wide : undefined}
                      error={f.key === missing ? errors[index] : undefined}
                    />
                  ),
                )}
              </div>
              {errors[index] && !missing ? (
                <p className={styles.rowError} role="alert">
                  {errors[index]}
                </p>
              ) : null}
              <Button
                variant="ghost"
                size="small"
                onPress={() => {
                  onChange(medications.filter((_, i) => i !== index));
                  onRowError(index, null);
                }}
              >
                Remove medication {index + 1}
              </Button>
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" size="small" onPress={add}>
        Add Medication
      </Button>
    </fieldset>
  );
}
