import { Button } from '../../../components/button';
import { roleLabel } from '../../../lib/roles';
import type { HistoryEntry } from '../api/history-api';
import { offlineSummary } from '../api/trail-api';
import { clockTime, dateTime, groupByDay, shownValue } from '../timeline';
import styles from './patient-timeline.module.css';

type Props = { entries: HistoryEntry[]; timeZone: string; onViewAsOf: (time: string) => void };

const KIND_LABEL = { write: 'Change', read: 'Viewed', refusal: 'Refused' } as const;

/** The patient's timeline: a day heading, then each entry with who, when, what, and old → new values. */
export function PatientTimeline({ entries, timeZone, onViewAsOf }: Props) {
  return (
    <div className={styles.timeline}>
      {groupByDay(entries, timeZone).map((day) => (
        <section key={day.day} aria-label={day.label}>
          <h3 className={styles.day}>{day.label}</h3>
          <ol className={styles.list}>
            {day.entries.map((e) => (
              <li key={e.id} className={`${styles.entry} ${styles[e.kind]}`}>
                <div className={styles.meta}>
                  <time dateTime={e.time}>{clockTime(e.time, timeZone)}</time>
                  <span className={styles.kind}>{KIND_LABEL[e.kind]}</span>
                  <span>
                    {e.actor.name} · {roleLabel(e.actor.role)}
                  </span>
                </div>
                <p className={styles.action}>{e.action}</p>
                {e.offline ? (
                  <p className={styles.offline}>
                    Recorded offline {offlineSummary(e.offline, (t) => dateTime(t, timeZone))}
                  </p>
                ) : null}
                {e.changes.length ? (
                  <ul className={styles.changes} aria-label="Changes">
                    {e.changes.map((c) => (
                      <li key={c.field}>
                        <span className={styles.field}>{c.label}</span>{' '}
                        {c.from === null && e.eventType === 'VitalsRecorded' ? null : (
                          <>
                            <del className={styles.old}>{shownValue(c.from)}</del> <span aria-hidden="true">→</span>{' '}
                            <span className="visually-hidden">changed to</span>{' '}
                          </>
                        )}
                        <ins className={styles.new}>{shownValue(c.to)}</ins>
                      </li>
                    ))}
                  </ul>
                ) : null}
                {e.kind === 'write' ? (
                  <Button variant="ghost" size="small" onPress={() => onViewAsOf(e.time)}>
                    View the record as of this change
                  </Button>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
