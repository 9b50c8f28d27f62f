import type { RecordedEvent } from '../../platform/event-store/port';
import type { AppointmentBooked, AppointmentEvent } from '../appointments';
import { urn, type Resource } from './fhir-ids';
import type { FhirPeople } from './fhir-people';

/**
 * The patient's appointments as FHIR R4 `Appointment` resources, folded from each appointment's
 * stream: the slot as it stands (start, end, minutes), the reason, the doctor as a participant,
 * and the status in FHIR's words (booked, arrived, fulfilled, cancelled, noshow). The id is the
 * appointment's own, so a second export names it the same.
 */
const STATUS: Record<string, string> = {
  AppointmentBooked: 'booked',
  AppointmentCheckedIn: 'arrived',
  AppointmentAttended: 'fulfilled',
  AppointmentCancelled: 'cancelled',
  AppointmentMarkedNoShow: 'noshow',
};

export function appointmentResources(patientId: string, events: readonly RecordedEvent[], people: FhirPeople) {
  const byId = new Map<string, Resource>();
  for (const raw of events) {
    const e = raw as unknown as RecordedEvent<AppointmentEvent>;
    if (e.type === 'AppointmentBooked') {
      byId.set(e.data.appointmentId, booked(patientId, e as RecordedEvent<AppointmentBooked>, people));
      continue;
    }
    const r = byId.get(e.data.appointmentId);
    if (!r) continue;
    if (e.type === 'AppointmentRescheduled') Object.assign(r, slot(e.data), participants(patientId, e.data, people));
    const status = STATUS[e.type];
    if (status) r.status = status;
    if (e.type === 'AppointmentCancelled') r.cancelationReason = { text: e.data.reason };
  }
  return [...byId.values()];
}

type SlotData = { startsAt: string; durationMinutes: number; doctor: { id: string; name: string } | null };

const slot = (d: SlotData) => ({
  start: d.startsAt,
  end: new Date(Date.parse(d.startsAt) + d.durationMinutes * 60_000).toISOString(),
  minutesDuration: d.durationMinutes,
});

function participants(patientId: string, d: SlotData, people: FhirPeople) {
  const patient = { actor: { reference: urn(patientId) }, status: 'accepted' };
  const doctor = d.doctor ? [{ actor: people.as(d.doctor, 'doctor'), status: 'accepted' }] : [];
  return { participant: [patient, ...doctor] };
}

function booked(patientId: string, e: RecordedEvent<AppointmentBooked>, people: FhirPeople): Resource {
  const d = e.data;
  return {
    resourceType: 'Appointment',
    id: d.appointmentId,
    status: 'booked',
    description: d.reason,
    reasonCode: [{ text: d.reason }],
    ...slot(d),
    created: e.metadata.occurredAt,
    ...participants(patientId, d, people),
  };
}
