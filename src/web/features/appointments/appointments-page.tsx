import { useState } from 'react';
import { toast } from 'react-toastify';
import { SAVED_ON_DEVICE } from '../../lib/offline/run-or-queue';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LastSeenNote } from '../../components/last-seen-note';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { TextField } from '../../components/text-field';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { useRemoteData } from '../../lib/use-remote-data';
import {
  APPOINTMENT_EVENTS,
  checkInAppointment,
  fetchAppointmentDay,
  fetchDoctors,
  type Appointment,
  type SlotInput,
} from './api/appointments';
import { BookDialog, CancelDialog, RescheduleDialog } from './components/appointment-dialogs';
import { WaitingBookings } from './components/waiting-bookings';
import { canCheckIn, doctorColumns, doneMessage, hospitalNow, isOpen, nextFreeSlot, STATUS_LABELS } from './day-view';
import styles from './appointments-page.module.css';
import { useHospitalHours, useHospitalTimeZone } from '../../lib/hospital-time';

const addDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * /user/appointments (issue 24): the day's book, one column per doctor (a single list on a phone),
 * with booking, rescheduling, cancelling and check-in. Live: another desk's change refetches.
 */
export default function AppointmentsPage() {
  const hospitalZone = useHospitalTimeZone();
  const hospitalHours = useHospitalHours();
  const [date, setDate] = useState(() => hospitalNow(new Date(), hospitalZone).date);
  const day = useRemoteData((signal) => fetchAppointmentDay({ date }, signal), `appointments-${date}`);
  const doctors = useRemoteData(fetchDoctors, 'appointment-doctors');
  useLiveRefresh(APPOINTMENT_EVENTS, day.refresh);
  // The slot a new booking starts from, set when the dialog opens (so it is the quarter hour under
  // way then, not when the page was loaded); null while the dialog is closed.
  const [booking, setBooking] = useState<SlotInput | null>(null);
  const [rescheduling, setRescheduling] = useState<Appointment | null>(null);
  const [cancelling, setCancelling] = useState<Appointment | null>(null);
  const [checkingIn, setCheckingIn] = useState<Appointment | null>(null);

  const zone = day.data?.timeZone ?? hospitalZone;
  // The day's own answer, else the hospital's settings the shell read. Until one of them is in, the next
  // free slot is not proposed: a guess of 08:00–18:00 would offer tomorrow's first slot to a desk that
  // books at 19:00 in a hospital open round the clock. If the day cannot be loaded (offline), the guess stands.
  const knownHours = day.data ?? hospitalHours;
  const hours = { opensAt: knownHours?.opensAt ?? '08:00', closesAt: knownHours?.closesAt ?? '18:00', timeZone: zone };
  const hoursPending = !knownHours && day.status === 'loading';
  const today = hospitalNow(new Date(), zone).date;
  const openBooking = () => {
    // The next quarter hour not started yet (issue 34 §6); a past day starts from tomorrow's first.
    const now = hospitalNow(new Date(), zone);
    const from = date < now.date ? now.date : date;
    const time = nextFreeSlot({ date: from, now, hours, appointments: [], doctorId: null });
    const slotDate = time ? from : addDay(from);
    setBooking({ date: slotDate, time: time ?? hours.opensAt, durationMinutes: 15, doctorId: null });
  };
  const columns = doctorColumns(day.data?.appointments ?? [], doctors.data ?? []);

  const done = (message: string) => (a: Appointment | null) => {
    setBooking(null);
    setRescheduling(null);
    setCancelling(null);
    toast.success(a ? doneMessage(message, a) : SAVED_ON_DEVICE);
    day.refresh();
  };

  return (
    <div className={styles.page}>
      <PageHeading
        title="Appointments"
        actions={
          <Button onPress={openBooking} isDisabled={hoursPending}>
            Book Appointment
          </Button>
        }
      />
      <div className={styles.toolbar}>
        <TextField label="Day" type="date" value={date} onChange={(v) => v && setDate(v)} />
        <span className={styles.hours}>
          Open {hours.opensAt}–{hours.closesAt} ({zone})
        </span>
      </div>
      <LastSeenNote asOf={day.data?.asOf} />
      <WaitingBookings date={date} />
      {day.status === 'loading' && !day.data ? (
        <LoadingState label="Loading appointments..." />
      ) : day.status === 'error' ? (
        <ErrorState message={day.error.message} onRetry={day.reload} />
      ) : columns.length === 0 ? (
        <EmptyState title="No appointments on this day">Book one with the button above.</EmptyState>
      ) : (
        <div className={styles.columns}>
          {columns.map((c) => (
            <section key={c.id || 'none'} className={styles.column} aria-label={c.name}>
              <h2 className={styles.doctor}>{c.name}</h2>
              {c.appointments.length === 0 ? <p className={styles.free}>No appointments</p> : null}
              <ul className={styles.list}>
                {c.appointments.map((a) => (
                  <li key={a.id} className={styles.card} data-status={a.status}>
                    <div className={styles.when}>
                      {a.time} · {a.durationMinutes} min
                    </div>
                    <div className={styles.patient}>{a.patientName}</div>
                    <div className={styles.reason}>{a.reason}</div>
                    <span className={styles.badge}>{STATUS_LABELS[a.status]}</span>
                    {isOpen(a) ? (
                      <div className={styles.actions}>
                        {canCheckIn(a, today) ? (
                          <Button
                            size="small"
                            onPress={() => setCheckingIn(a)}
                            aria-label={`Check in ${a.patientName}`}
                          >
                            Check in
                          </Button>
                        ) : null}
                        <Button size="small" variant="secondary" onPress={() => setRescheduling(a)}>
                          Reschedule
                        </Button>
                        <Button size="small" variant="ghost" onPress={() => setCancelling(a)}>
                          Cancel
                        </Button>
                      </div>
                    ) : null}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
      <BookDialog
        isOpen={booking !== null}
        onClose={() => setBooking(null)}
        onBooked={done('Appointment booked')}
        doctors={doctors.data ?? []}
        hours={hours}
        appointments={day.data?.appointments ?? []}
        initial={booking ?? { date, time: hours.opensAt, durationMinutes: 15, doctorId: null }}
      />
      <RescheduleDialog
        appointment={rescheduling}
        onClose={() => setRescheduling(null)}
        onChanged={done('Appointment rescheduled')}
        doctors={doctors.data ?? []}
        hours={hours}
      />
      <CancelDialog
        appointment={cancelling}
        onClose={() => setCancelling(null)}
        onChanged={done('Appointment cancelled')}
      />
      <ConfirmDialog
        title="Check In"
        isOpen={checkingIn !== null}
        confirmLabel="Check in"
        busyLabel="Checking in..."
        onClose={() => setCheckingIn(null)}
        onConfirm={async () => {
          const a = await checkInAppointment(checkingIn!.id, checkingIn!.version, checkingIn!.patientName);
          setCheckingIn(null);
          done('Checked in')(a);
        }}
      >
        Check in {checkingIn?.patientName} for {checkingIn?.time}? They join the waiting list.
      </ConfirmDialog>
    </div>
  );
}
