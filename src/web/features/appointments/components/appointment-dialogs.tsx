import { useEffect, useState } from 'react';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import {
  bookAppointment,
  cancelAppointment,
  rescheduleAppointment,
  searchPatients,
  type Appointment,
  type SlotInput,
} from '../api/appointments';
import { hospitalNow, isPastSlot, NO_DOCTOR, nextFreeSlot, quarterHours } from '../day-view';

type Doctor = { id: string; name: string };
type Hours = { opensAt: string; closesAt: string; timeZone: string };
const DURATIONS = [15, 30, 45, 60].map((m) => ({ id: String(m), label: `${m} minutes` }));

/** Runs a save: busy while it runs, its message shown in the dialog when it fails. */
function useSave(onDone: (a: Appointment | null) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (save: () => Promise<Appointment | null>) => {
    setBusy(true);
    setError(null);
    try {
      onDone(await save());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** The doctor, date, time and length of a slot: shared by booking and rescheduling. */
function SlotFields(props: { slot: SlotInput; onChange: (s: SlotInput) => void; doctors: Doctor[]; hours: Hours }) {
  const { slot, onChange, doctors, hours } = props;
  const times = quarterHours(hours.opensAt, hours.closesAt).map((t) => ({ id: t, label: t }));
  const past = isPastSlot(slot, hospitalNow(new Date(), hours.timeZone));
  return (
    <>
      {past ? (
        <Banner tone="error">
          This time has already passed at the hospital ({hours.timeZone}). Please choose a later time.
        </Banner>
      ) : null}
      <SelectField
        label="Doctor"
        value={slot.doctorId ?? NO_DOCTOR}
        onChange={(v) => onChange({ ...slot, doctorId: v || null })}
        options={[{ id: NO_DOCTOR, label: 'No doctor yet' }, ...doctors.map((d) => ({ id: d.id, label: d.name }))]}
      />
      <TextField label="Date" type="date" value={slot.date} onChange={(date) => onChange({ ...slot, date })} />
      <SelectField label="Time" value={slot.time} onChange={(time) => onChange({ ...slot, time })} options={times} />
      <SelectField
        label="Duration"
        value={String(slot.durationMinutes)}
        onChange={(v) => onChange({ ...slot, durationMinutes: Number(v) })}
        options={DURATIONS}
      />
    </>
  );
}

type BookProps = {
  isOpen: boolean;
  onClose: () => void;
  onBooked: (a: Appointment | null) => void;
  doctors: Doctor[];
  hours: Hours;
  /** The day's appointments shown on the page: a doctor's taken quarter hours are skipped. */
  appointments: readonly Appointment[];
  initial: SlotInput;
};

export function BookDialog({ isOpen, onClose, onBooked, doctors, hours, appointments, initial }: BookProps) {
  const [slot, setSlotState] = useState(initial);
  // Choosing a doctor moves the time to that doctor's next free quarter hour when it is taken.
  const setSlot = (next: SlotInput) => {
    if (next.doctorId === slot.doctorId) return setSlotState(next);
    const now = hospitalNow(new Date(), hours.timeZone);
    const from = isPastSlot(next, now) ? now : next;
    const free = nextFreeSlot({ date: next.date, now: from, hours, appointments, doctorId: next.doctorId });
    setSlotState(free ? { ...next, time: free } : next);
  };
  const [search, setSearch] = useState('');
  const [matches, setMatches] = useState<{ id: string; name: string }[]>([]);
  const [patientId, setPatientId] = useState('');
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const save = useSave(onBooked);
  useEffect(() => {
    if (isOpen) setSlotState(initial);
  }, [isOpen, initial]);
  useEffect(() => {
    const text = search.trim();
    if (text.length < 2) return setMatches([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchPatients(text, controller.signal).then(setMatches, () => setMatches([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);
  const book = () =>
    save.run(() =>
      bookAppointment(
        { ...slot, patientId, reason, contactEmail: email.trim() || null },
        matches.find((p) => p.id === patientId)?.name,
      ),
    );
  return (
    <Modal title="Book Appointment" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {save.error ? <Banner tone="error">{save.error}</Banner> : null}
      <TextField label="Find patient" value={search} onChange={setSearch} placeholder="Name or ID number" />
      <SelectField
        label="Patient"
        value={patientId}
        onChange={setPatientId}
        options={matches.map((p) => ({ id: p.id, label: p.name }))}
        isDisabled={matches.length === 0}
      />
      <SlotFields slot={slot} onChange={setSlot} doctors={doctors} hours={hours} />
      <TextField label="Reason" value={reason} onChange={setReason} />
      <TextField label="Reminder e-mail (optional)" type="email" value={email} onChange={setEmail} />
      <ModalActions>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        <Button
          onPress={book}
          isDisabled={
            save.busy || !patientId || !reason.trim() || isPastSlot(slot, hospitalNow(new Date(), hours.timeZone))
          }
        >
          {save.busy ? 'Booking...' : 'Book'}
        </Button>
      </ModalActions>
    </Modal>
  );
}

type ChangeProps = {
  appointment: Appointment | null;
  onClose: () => void;
  onChanged: (a: Appointment | null) => void;
};

export function RescheduleDialog(props: ChangeProps & { doctors: Doctor[]; hours: Hours }) {
  const { appointment: a, onClose, onChanged, doctors, hours } = props;
  const [slot, setSlot] = useState<SlotInput | null>(null);
  const save = useSave(onChanged);
  useEffect(() => {
    if (a) setSlot({ date: a.date, time: a.time, durationMinutes: a.durationMinutes, doctorId: a.doctor?.id ?? null });
  }, [a]);
  return (
    <Modal title="Reschedule Appointment" isOpen={a !== null} onOpenChange={(open) => !open && onClose()}>
      {save.error ? <Banner tone="error">{save.error}</Banner> : null}
      {a && slot ? (
        <>
          <p>{a.patientName}</p>
          <SlotFields slot={slot} onChange={setSlot} doctors={doctors} hours={hours} />
          <ModalActions>
            <Button variant="secondary" onPress={onClose}>
              Close
            </Button>
            <Button
              isDisabled={save.busy || isPastSlot(slot, hospitalNow(new Date(), hours.timeZone))}
              onPress={() => save.run(() => rescheduleAppointment(a.id, { ...slot, version: a.version }))}
            >
              {save.busy ? 'Saving...' : 'Reschedule'}
            </Button>
          </ModalActions>
        </>
      ) : null}
    </Modal>
  );
}

export function CancelDialog({ appointment: a, onClose, onChanged }: ChangeProps) {
  const [reason, setReason] = useState('');
  const save = useSave(onChanged);
  useEffect(() => setReason(''), [a]);
  return (
    <Modal title="Cancel Appointment" isOpen={a !== null} onOpenChange={(open) => !open && onClose()}>
      {save.error ? <Banner tone="error">{save.error}</Banner> : null}
      {a ? (
        <>
          <p>
            {a.patientName}, {a.date} at {a.time}
          </p>
          <TextField label="Reason for cancelling" value={reason} onChange={setReason} />
          <ModalActions>
            <Button variant="secondary" onPress={onClose}>
              Keep it
            </Button>
            <Button
              variant="danger"
              isDisabled={save.busy || !reason.trim()}
              onPress={() => save.run(() => cancelAppointment(a.id, reason, a.version))}
            >
              {save.busy ? 'Cancelling...' : 'Cancel appointment'}
            </Button>
          </ModalActions>
        </>
      ) : null}
    </Modal>
  );
}
