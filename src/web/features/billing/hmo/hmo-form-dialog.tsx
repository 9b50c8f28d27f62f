import { useState } from 'react';
import { Checkbox } from 'react-aria-components';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { ApiError } from '../../../lib/api-client';
import { saveHmo, type Hmo, type HmoInput } from '../api/hmo-api';
import styles from '../components/billing.module.css';

type Props = { hmo: Hmo | null; isOpen: boolean; onClose: () => void; onSaved: (hmo: Hmo) => void };

const inputOf = (hmo: Hmo | null): HmoInput => ({
  name: hmo?.name ?? '',
  code: hmo?.code ?? '',
  contact: hmo?.contact ?? '',
  coverage: {
    consultation: String(hmo?.coverage.consultation ?? 0),
    medication: String(hmo?.coverage.medication ?? 0),
    lab: String(hmo?.coverage.lab ?? 0),
  },
  active: hmo?.active ?? true,
});

const KINDS = [
  ['consultation', 'Consultation cover (%)'],
  ['medication', 'Medication cover (%)'],
  ['lab', 'Lab cover (%)'],
] as const;

/** Add or edit an HMO provider: name, code (fixed once saved), contact, cover per service kind, active. */
export function HmoFormDialog({ hmo, isOpen, onClose, onSaved }: Props) {
  const [form, setForm] = useState(() => inputOf(hmo));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<HmoInput>) => setForm((f) => ({ ...f, ...patch }));
  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!form.name.trim()) missing.name = 'HMO name is required';
    if (!form.code.trim()) missing.code = 'HMO code is required';
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setSaving(true);
    setError(null);
    try {
      onSaved(await saveHmo(form, hmo?.id).then((a) => a.hmo));
    } catch (e) {
      if (e instanceof ApiError && e.errors.length) {
        setErrors(Object.fromEntries(e.errors.map((f) => [f.field, f.message])));
      }
      setError(e instanceof Error ? e.message : 'Failed to save HMO');
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal title={hmo ? 'Edit HMO' : 'Add HMO'} isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : null}
        <TextField label="Name" value={form.name} onChange={(name) => set({ name })} error={errors.name} autoFocus />
        <TextField
          label="Code"
          value={form.code}
          onChange={(code) => set({ code })}
          error={errors.code}
          isDisabled={!!hmo}
          description={hmo ? 'The code cannot be changed' : 'Letters, digits and dashes, e.g. HYG-01'}
        />
        <TextField
          label="Contact"
          value={form.contact}
          onChange={(contact) => set({ contact })}
          error={errors.contact}
        />
        {KINDS.map(([kind, label]) => (
          <TextField
            key={kind}
            label={label}
            inputMode="decimal"
            value={form.coverage[kind]}
            onChange={(v) => set({ coverage: { ...form.coverage, [kind]: v } })}
            error={errors[`coverage.${kind}`]}
          />
        ))}
        <Checkbox className={styles.checkbox} isSelected={form.active} onChange={(active) => set({ active })}>
          <span aria-hidden="true" className={styles.checkboxBox} />
          Active (new invoices of its enrollees are split)
        </Checkbox>
        <ModalActions>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isDisabled={saving}>
            Save HMO
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
