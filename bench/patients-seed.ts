import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { metadataFor } from '../src/platform/event-store/metadata';
import type { StreamWrite } from '../src/platform/event-store/port';
import { randomIp } from '../test/helpers/onboard';
import { onboardOverHttp } from './day-setup';
import { readOutbox } from '../test/helpers/outbox';
import { decodeQuotedPrintable } from '../test/helpers/staff-api';

const FIRST = [
  'Adaeze',
  'Babatunde',
  'Chiamaka',
  'Chukwuemeka',
  'Fatima',
  'Ibrahim',
  'Ngozi',
  'Oluwaseun',
  'Temitope',
  'Yusuf',
  'Aisha',
  'Emeka',
];
const LAST = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Musa',
  'Nwosu',
  'Abubakar',
  'Okonkwo',
  'Balogun',
  'Danjuma',
  'Ibe',
];

type Json = Record<string, unknown>;

async function post(base: string, url: string, body: unknown, token?: string): Promise<Json> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': randomIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A new hospital through the real API, and a receptionist signed in with the emailed password. */
export async function signInReceptionist(base: string, dataDir: string) {
  const outbox = path.join(dataDir, 'outbox');
  const verified = await onboardOverHttp(base, dataDir);
  const admin = verified.token as string;
  const hospitalId = (verified.hospital as { id: string }).id;
  const email = `front-desk-${randomUUID().slice(0, 8)}@bench.test`;
  await post(base, '/api/users', { firstName: 'Bench', lastName: 'Receptionist', email, role: 'receptionist' }, admin);
  const mail = (await readOutbox(outbox, email))[0]!;
  const password = /^Temporary password: (\S+)\s*$/m.exec(decodeQuotedPrintable(mail.raw))![1]!;
  const login = await post(base, '/api/auth/login', { email, password });
  const token = (login.data as { token: string }).token;
  // A temporary password opens only the change-password dialog's routes until it is changed.
  await post(
    base,
    '/api/auth/change-password',
    { currentPassword: password, newPassword: `Bench-${randomUUID()}` },
    token,
  );
  return { token, hospitalId, adminToken: admin };
}

/**
 * `count` patients of `hospitalId` appended as PatientRegistered events through the application's
 * own event log (contracts checked, the patient list applied in each append's transaction), in
 * appends of 1000 streams, each in `status` (waiting unless told). Returns how many exist.
 */
export async function seedPatients(
  databaseUrl: string,
  hospitalId: string,
  count: number,
  status = 'waiting',
): Promise<number> {
  const config = {
    ...loadConfig({ LOG_LEVEL: 'silent', JWT_SECRET: 'bench-secret-bench-secret-bench-secret!' }),
    databaseUrl,
  };
  const app = await buildApp(config, { startProjections: false });
  try {
    const metadata = metadataFor({
      hospitalId,
      actor: { userId: 'bench', role: 'receptionist', name: 'Bench Seeder' },
    });
    for (let start = 0; start < count; start += 1000) {
      const writes: StreamWrite[] = [];
      for (let i = start; i < Math.min(count, start + 1000); i++) {
        const patientId = randomUUID();
        writes.push({
          stream: `patient-${patientId}`,
          expectedRevision: 'no_stream',
          events: [
            {
              type: 'PatientRegistered',
              metadata,
              data: {
                patientId,
                hospitalId,
                firstName: FIRST[i % FIRST.length],
                lastName: `${LAST[(i * 7) % LAST.length]}${i}`,
                dateOfBirth: `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 9}`,
                gender: i % 2 ? 'Female' : 'Male',
                phoneNumber: `080${String(30_000_000 + i).padStart(8, '0')}`,
                address: `${i} Allen Avenue, Ikeja, Lagos`,
                identificationNumber: `SEED${String(i).padStart(8, '0')}`,
                emergencyContactName: null,
                emergencyContactRelationship: null,
                emergencyContactPhone: null,
                status,
              },
            },
          ],
        });
      }
      await app.platform.store.appendMany(writes);
    }
    return count;
  } finally {
    await app.close();
  }
}
