import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { APPOINTMENT_EVENTS, fetchAppointmentDay, type Appointment } from '../api/appointments';
import { frontDeskQueue } from '../day-view';
import styles from './front-desk-queue.module.css';

const GROUPS = [
  { key: 'booked', title: 'Booked, not yet arrived', none: 'Everyone booked has arrived.' },
  { key: 'waiting', title: 'Checked in, waiting', none: 'Nobody is waiting.' },
  { key: 'seen', title: 'Seen', none: 'Nobody has been seen yet.' },
] as const;

/**
 * The receptionist's queue for today (issue 34 §6), from the appointment book's day view: booked,
 * checked in and waiting, seen. Live: a check-in or a consultation anywhere moves a patient along.
 */
export function FrontDeskQueue() {
  const day = useRemoteData((signal) => fetchAppointmentDay({}, signal), 'front-desk-queue');
  useLiveRefresh(APPOINTMENT_EVENTS, day.refresh);
  const queue = frontDeskQueue(day.data?.appointments ?? []);
  const total = queue.booked.length + queue.waiting.length + queue.seen.length;
  const toBook = (
    <ButtonLink href={paths.user.appointments} variant="secondary" size="small">
      Appointments
    </ButtonLink>
  );
  return (
    <Panel title="Today's Queue" actions={toBook}>
      {day.status === 'loading' && !day.data ? (
        <LoadingState label="Loading today's queue..." />
      ) : day.status === 'error' ? (
        <ErrorState message={day.error.message} onRetry={day.reload} />
      ) : total === 0 ? (
        <EmptyState title="No appointments today">Bookings for today appear here as patients arrive.</EmptyState>
      ) : (
        <div className={styles.groups}>
          {GROUPS.map((g) => (
            <QueueGroup key={g.key} title={g.title} none={g.none} rows={queue[g.key]} />
          ))}
        </div>
      )}
    </Panel>
  );
}

function QueueGroup({ title, none, rows }: { title: string; none: string; rows: Appointment[] }) {
  const id = `queue-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={styles.group}>
      <h3 id={id} className={styles.heading}>
        {title} ({rows.length})
      </h3>
      {rows.length === 0 ? (
        <p className={styles.none}>{none}</p>
      ) : (
        <ul className={styles.list}>
          {rows.map((a) => (
            <li key={a.id} className={styles.row}>
              <span className={styles.time}>{a.time}</span>
              <span className={styles.name}>{a.patientName}</span>
              <span className={styles.doctor}>{a.doctor?.name ?? 'No doctor yet'}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
