import { useId, useState } from 'react';
import { formatNaira, nairaProblem, nairaToKobo } from '../../shared/money';
import { Button } from './button';
import styles from './price-editor.module.css';

/** The price as the field shows it: naira with two decimals, without the sign; empty for none. */
export const nairaText = (kobo: number | null) => (kobo === null ? '' : (kobo / 100).toFixed(2));

type Props = {
  /** What is priced, as the field's label names it: "Price of {name} (₦)". */
  name: string;
  priceKobo: number | null;
  /** Sends the price as typed; rejects with the server's refusal. */
  save: (price: string) => Promise<void>;
  onSaved: (message: string) => void;
};

/**
 * One item's price edited in place (issue 34 §1: the Price list, the inventory, the lab catalogue):
 * type it, Enter or Save; the server's words (checked here first) show under it.
 */
export function PriceEditor({ name, priceKobo, save, onSaved }: Props) {
  const [value, setValue] = useState(nairaText(priceKobo));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  const changed = value.trim() !== nairaText(priceKobo);
  const send = async () => {
    const problem = nairaProblem(value.trim(), 'Price');
    if (problem) return setError(problem);
    setSaving(true);
    setError(null);
    try {
      await save(value.trim());
      onSaved(`${name}: ${formatNaira(nairaToKobo(value)!)}`);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to save price');
    } finally {
      setSaving(false);
    }
  };
  return (
    <div>
      <form
        className={styles.editor}
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <input
          className={styles.input}
          inputMode="decimal"
          aria-label={`Price of ${name} (₦)`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={priceKobo === null ? 'No price' : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button
          type="submit"
          size="small"
          variant="secondary"
          isDisabled={saving || !changed}
          aria-label={`Save price of ${name}`}
        >
          Save
        </Button>
      </form>
      {error ? (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
