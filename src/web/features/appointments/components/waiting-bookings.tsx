import type { QueuedCommand } from '../../../lib/offline/queue';
import { useOfflineQueue } from '../../../lib/offline/offline-queue';
import styles from '../appointments-page.module.css';

export type WaitingBooking = { id: string; time: string; durationMinutes: number; patientName: string };

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The bookings for `date` this device still has to send, by time (issue 34 §6). The patient's name is
 * the one the queue's label carries ("Appointment for Ada Obi, 2026-11-27 10:15"): the body sent to
 * the server names the patient by id only.
 */
export function waitingBookings(commands: QueuedCommand[], date: string): WaitingBooking[] {
  return commands
    .filter((c) => c.kind === 'book-appointment' && c.state === 'pending' && c.body.date === date)
    .map((c) => {
      const time = text(c.body.time);
      const named = c.label.replace(/^Appointment for /, '').replace(`, ${date} ${time}`, '');
      return {
        id: text(c.body.id) || c.id,
        time,
        durationMinutes: typeof c.body.durationMinutes === 'number' ? c.body.durationMinutes : 15,
        patientName: named || 'A patient',
      };
    })
    .sort((a, b) => a.time.localeCompare(b.time));
}

/** The day's bookings made on this device and not yet sent, shown at once, marked as waiting. */
export function WaitingBookings({ date }: { date: string }) {
  const queue = useOfflineQueue();
  const waiting = waitingBookings(queue.commands, date);
  if (waiting.length === 0) return null;
  return (
    <section className={styles.column} aria-label="Waiting to send">
      <h2 className={styles.doctor}>Waiting to send</h2>
      <ul className={styles.list}>
        {waiting.map((b) => (
          <li key={b.id} className={styles.card} data-status="waiting-to-send">
            <div className={styles.when}>
              {b.time} · {b.durationMinutes} min
            </div>
            <div className={styles.patient}>{b.patientName}</div>
            <span className={styles.badge}>Waiting to send</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
