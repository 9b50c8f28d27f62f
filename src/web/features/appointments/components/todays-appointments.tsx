import { MetricCard, MetricGrid } from '../../../components/metric-card';
import { Panel } from '../../../components/panel';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { APPOINTMENT_EVENTS, fetchAppointmentCounts, fetchAppointmentDay } from '../api/appointments';
import { STATUS_LABELS } from '../day-view';
import styles from '../appointments-page.module.css';

/** The doctor's dashboard: today's booked patients, beside the waiting list; live as the desk checks them in. */
export function TodaysAppointments({ doctorId }: { doctorId: string }) {
  const day = useRemoteData((signal) => fetchAppointmentDay({ doctorId }, signal), `todays-appointments-${doctorId}`);
  useLiveRefresh(APPOINTMENT_EVENTS, day.refresh);
  const rows = day.data?.appointments.filter((a) => a.status !== 'cancelled') ?? [];
  return (
    <Panel title="Today's Appointments">
      {day.status === 'loading' && !day.data ? (
        <LoadingState label="Loading appointments..." />
      ) : day.status === 'error' ? (
        <ErrorState message={day.error.message} onRetry={day.reload} />
      ) : rows.length === 0 ? (
        <EmptyState title="No appointments today">Walk-in patients appear in the waiting list.</EmptyState>
      ) : (
        <ul className={styles.list} aria-label="Today's appointments">
          {rows.map((a) => (
            <li key={a.id} className={styles.card} data-status={a.status}>
              <div className={styles.when}>
                {a.time} · {a.patientName}
              </div>
              <div className={styles.reason}>{a.reason}</div>
              <span className={styles.badge}>{STATUS_LABELS[a.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The admin's dashboard: how many appointments today, and how many were no-shows. */
export function AppointmentFigures() {
  const counts = useRemoteData(fetchAppointmentCounts, 'appointment-counts');
  useLiveRefresh(APPOINTMENT_EVENTS, counts.refresh);
  const value = (n: number | undefined) => (counts.status === 'success' ? (n ?? 0) : null);
  const note = counts.status === 'error' ? counts.error.message : undefined;
  return (
    <MetricGrid label="Today's appointments">
      <MetricCard
        label="Appointments Today"
        value={value(counts.data?.total)}
        isLoading={counts.status === 'loading'}
        note={note}
      />
      <MetricCard
        label="No-shows"
        value={value(counts.data?.noShows)}
        isLoading={counts.status === 'loading'}
        note={note}
      />
    </MetricGrid>
  );
}
