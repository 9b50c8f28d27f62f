import { Button } from '../../../components/button';
import { TextField } from '../../../components/text-field';
import { emptyCharge, formatAmount, totalOf, type ChargeDraft } from '../consultation-draft';
import styles from './consultation-form.module.css';

type Props = {
  fee: string;
  charges: ChargeDraft[];
  errors: { fee?: string; charges: Partial<Record<number, string>> };
  onFeeChange: (fee: string) => void;
  onChargesChange: (charges: ChargeDraft[]) => void;
};

/** Consultation fee (default ₦5,000), additional charges, and the live total = fee + charges (§9). */
export function BillingSection({ fee, charges, errors, onFeeChange, onChargesChange }: Props) {
  const update = (index: number, field: 'description' | 'amount', value: string) =>
    onChargesChange(charges.map((c, i) => (i === index ? { ...c, [field]: value } : c)));
  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Billing</legend>
      <TextField
        label="Consultation fee (₦)"
        value={fee}
        onChange={onFeeChange}
        inputMode="decimal"
        error={errors.fee}
      />
      <ol className={styles.rows} aria-label="Additional charges">
        {charges.map((c, index) => (
          <li key={c.key} className={styles.chargeRow}>
            <TextField
              label={`Charge ${index + 1} description`}
              value={c.description}
              onChange={(v) => update(index, 'description', v)}
            />
            <TextField
              label={`Charge ${index + 1} amount (₦)`}
              value={c.amount}
              onChange={(v) => update(index, 'amount', v)}
              inputMode="decimal"
              error={errors.charges[index]}
            />
            <Button variant="ghost" size="small" onPress={() => onChargesChange(charges.filter((_, i) => i !== index))}>
              Remove charge {index + 1}
            </Button>
          </li>
        ))}
      </ol>
      <Button variant="secondary" size="small" onPress={() => onChargesChange([...charges, emptyCharge()])}>
        Add Charge
      </Button>
      <p className={styles.total} aria-live="polite">
        Total: <strong>{formatAmount(totalOf({ consultationFee: fee, charges }))}</strong>
      </p>
    </fieldset>
  );
}
