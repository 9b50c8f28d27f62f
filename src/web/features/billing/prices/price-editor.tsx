import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { formatNaira } from '../../../../shared/money';
import { setPrices, type PriceItem } from '../api/prices-api';
import styles from './prices.module.css';

/** The price as the field shows it: naira with two decimals, without the sign; empty for none. */
export const nairaText = (kobo: number | null) => (kobo === null ? '' : (kobo / 100).toFixed(2));

type Props = { item: PriceItem; onSaved: (message: string) => void };

/** One row's price, edited in place: type it, Enter or Save; the server's message shows under it. */
export function PriceEditor({ item, onSaved }: Props) {
  const [value, setValue] = useState(nairaText(item.priceKobo));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const errorId = useId();
  const changed = value.trim() !== nairaText(item.priceKobo);
  const save = async () => {
    if (!value.trim()) return setError('Price is required');
    setSaving(true);
    setError(null);
    try {
      const code = item.kind === 'lab' ? item.key : null;
      await setPrices([{ kind: item.kind, name: item.name, code, price: value.trim() }]);
      onSaved(`${item.name}: ${formatNaira(Math.round(Number(value.replace(/,/g, '')) * 100))}`);
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
          void save();
        }}
      >
        <input
          className={styles.input}
          inputMode="decimal"
          aria-label={`Price of ${item.name} (₦)`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          placeholder={item.priceKobo === null ? 'No price' : undefined}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="submit" size="small" variant="secondary" isDisabled={saving || !changed}>
          Save<span className="visually-hidden"> price of {item.name}</span>
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
