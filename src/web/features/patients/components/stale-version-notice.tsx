import { Button } from '../../../components/button';
import { FIELD_LABELS, type StaleRow } from '../edit-fields';
import styles from './stale-version-notice.module.css';

type StaleVersionNoticeProps = {
  message: string;
  rows: StaleRow[];
  onReapply: () => void;
  onDiscard: () => void;
};

/**
 * Someone changed the patient while this person edited it (409 STALE_VERSION): what is saved now
 * beside what is on the form, field by field, and the choice to lay these edits over the current
 * record (then review and save again) or to drop them.
 */
export function StaleVersionNotice({ message, rows, onReapply, onDiscard }: StaleVersionNoticeProps) {
  const show = (value: string) => value.trim() || '(blank)';
  return (
    <section className={styles.box} role="alert" aria-labelledby="stale-title">
      <h2 id="stale-title" className={styles.title}>
        {message}
      </h2>
      <div className={styles.scroller}>
        <table className={styles.table} aria-label="Current values and your changes">
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Saved now</th>
              <th scope="col">Your edit</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} data-conflict={row.conflict || undefined}>
                <th scope="row">{FIELD_LABELS[row.field]}</th>
                <td>{show(row.theirs)}</td>
                <td>
                  {show(row.mine)}
                  {row.conflict ? <span className={styles.conflict}> (both changed)</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onPress={onDiscard}>
          Use current values
        </Button>
        <Button onPress={onReapply}>Reapply my changes</Button>
      </div>
    </section>
  );
}
