import { TextField } from '../../../components/text-field';
import styles from './billing.module.css';

/** From/To date filters (YYYY-MM-DD, the browser's date picker). */
export function DateFilters(props: {
  from: string;
  to: string;
  onFrom: (v: string) => void;
  onTo: (v: string) => void;
  toError?: string | null;
}) {
  return (
    <>
      <TextField className={styles.narrow} label="From" type="date" value={props.from} onChange={props.onFrom} />
      <TextField
        className={styles.narrow}
        label="To"
        type="date"
        value={props.to}
        onChange={props.onTo}
        error={props.toError}
      />
    </>
  );
}
