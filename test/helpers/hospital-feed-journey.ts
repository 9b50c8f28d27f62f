import { randomUUID } from 'node:crypto';
import type { PatientStatusChanged } from '../../src/modules/patients';
import type { RecordAccessed } from '../../src/platform/http/access-trail';
import { demoPatient, demoVitals } from '../../scripts/demo-patients';
import type { Meta, Row } from './hospital-feed-rows';
import { visit } from './hospital-feed-visit';

/**
 * One patient's journey: registration, RecordAccessed reads of the record and of lists, vitals,
 * and for four in five a visit (./hospital-feed-visit.ts). `recent` holds the last twenty
 * patients registered, whom a list read shows.
 */
export function journey(
  rnd: () => number,
  n: number,
  at: number,
  hospitalId: string,
  meta: Meta,
  reads: number,
  recent: string[],
): Row[] {
  const patientId = randomUUID();
  const p = demoPatient(rnd, n, 'RB', new Date(at));
  const patientName = `${p.firstName} ${p.lastName}`;
  const stream = `patient-${patientId}`;
  const min = (m: number) => at + m * 60_000;
  const rows: Row[] = [
    {
      stream,
      revision: 0,
      type: 'PatientRegistered',
      data: { ...p, patientId, hospitalId, status: 'waiting' },
      metadata: meta('receptionist', min(0)),
    },
  ];
  let rev = 1;
  const access = (minute: number, list: boolean) => {
    const shown = list ? recent.slice(0, 20) : [];
    const data: RecordAccessed['data'] = list
      ? { subjectType: 'patient', subjectId: null, what: 'list', method: 'GET', route: '/api/patients', purpose: null }
      : {
          subjectType: 'patient',
          subjectId: patientId,
          what: 'detail',
          method: 'GET',
          route: '/api/patients/:id',
          purpose: null,
        };
    if (list) Object.assign(data, { patientIds: shown, patientCount: shown.length });
    rows.push({
      stream: `access-${randomUUID()}`,
      revision: 0,
      type: 'RecordAccessed',
      data,
      metadata: meta('doctor', min(minute)),
    });
  };
  recent.unshift(patientId);
  if (recent.length > 20) recent.pop();
  for (let r = reads; r > 0; r--) if (r >= 1 || rnd() < r) access(5 + r, rnd() < 0.1);
  if (rnd() < 0.6) {
    const vitals = demoVitals(rnd);
    rows.push({
      stream,
      revision: rev++,
      type: 'VitalsRecorded',
      data: { patientId, vitals },
      metadata: meta('nurse', min(10)),
    });
  }
  if (rnd() >= 0.8) return rows;
  const status = (from: PatientStatusChanged['data']['to'], to: PatientStatusChanged['data']['to'], minute: number) =>
    rows.push({
      stream,
      revision: rev++,
      type: 'PatientStatusChanged',
      data: { patientId, from, to },
      metadata: meta('doctor', min(minute)),
    });
  visit({ rnd, n, hospitalId, patientId, patientName, meta, min, status, rows });
  return rows;
}
