import { useId } from 'react';
import styles from '../../../components/field.module.css';

type DateInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The latest date the picker offers (YYYY-MM-DD): dates cannot go past today (§5). */
  max: string;
  error?: string | null;
  isRequired?: boolean;
};

/** A labelled native date input (the platform picker is keyboard and screen-reader friendly). */
export function DateInput({ label, value, onChange, max, error, isRequired }: DateInputProps) {
  const id = useId();
  return (
    <div className={styles.field} data-invalid={error ? true : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        type="date"
        className={styles.input}
        value={value}
        max={max}
        required={isRequired}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
