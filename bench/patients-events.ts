import { randomUUID } from 'node:crypto';
import { metadataFor } from '../src/platform/event-store/metadata';
import type { EventStore, StreamWrite } from '../src/platform/event-store/port';
import { normalisePhone } from '../src/modules/patients/phone';
import { demoPatient, demoStatus, demoVitals, random } from '../scripts/demo-patients';

const ROLES = { receptionist: 'Bench Receptionist', nurse: 'Bench Nurse', doctor: 'Bench Doctor' } as const;
const TWO_YEARS_MS = 2 * 365 * 24 * 3600 * 1000;

/**
 * `count` patients of `hospitalId` as the commands would have written them: a PatientRegistered
 * per stream, then for most a PatientStatusChanged (by way of consultation) and for some
 * VitalsRecorded, appended 1000 streams at a time. Registration times spread evenly over the last
 * two years, oldest first. Returns how many events, and one patient to search for.
 */
export async function seedPatientEvents(store: EventStore, hospitalId: string, count: number, seed: number) {
  const rnd = random(seed);
  const start = Date.now() - TWO_YEARS_MS;
  const actor = (role: keyof typeof ROLES) => ({ userId: `bench-${role}`, role, name: ROLES[role] });
  let events = 0;
  let sample = null as null | ReturnType<typeof demoPatient>;
  for (let from = 0; from < count; from += 1000) {
    const writes: StreamWrite[] = [];
    for (let n = from; n < Math.min(count, from + 1000); n++) {
      const patientId = randomUUID();
      const at = new Date(start + Math.floor((n / count) * TWO_YEARS_MS));
      const meta = (role: keyof typeof ROLES, minutes: number) =>
        metadataFor({ hospitalId, actor: actor(role), now: new Date(at.getTime() + minutes * 60_000) });
      const p = demoPatient(rnd, n, `B${seed}PAT`, at);
      if (n === Math.floor(count / 2)) sample = p;
      const stream: StreamWrite = {
        stream: `patient-${patientId}`,
        expectedRevision: 'no_stream',
        events: [
          {
            type: 'PatientRegistered',
            metadata: meta('receptionist', 0),
            data: { ...p, patientId, hospitalId, status: 'waiting' },
          },
        ],
      };
      const status = demoStatus(rnd);
      if (status !== 'waiting') {
        stream.events.push({
          type: 'PatientStatusChanged',
          metadata: meta('doctor', 30),
          data: { patientId, from: 'waiting', to: status },
        });
      }
      if (rnd() < 0.4) {
        stream.events.push({
          type: 'VitalsRecorded',
          metadata: meta('nurse', 10),
          data: { patientId, vitals: demoVitals(rnd) },
        });
      }
      events += stream.events.length;
      writes.push(stream);
    }
    await store.appendMany(writes);
  }
  const p = sample!;
  const phoneDigits = normalisePhone(p.phoneNumber);
  return {
    events,
    sample: {
      ...p,
      phoneDigits,
      phoneInternational: `+234 ${phoneDigits.slice(0, 3)} ${phoneDigits.slice(3, 6)} ${phoneDigits.slice(6)}`,
    },
  };
}
