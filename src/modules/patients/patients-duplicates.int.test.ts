import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as backfillDuplicateKeys } from '../../../migrations/0019-patients-duplicate-keys';
import {
  asClient,
  newPatient,
  patientsApi,
  startPatientsSuite,
  type PatientsSuite,
} from '../../../test/helpers/patients-api';
import { buildApp, type BuiltApp } from '../../app';
import { createDb, createPool } from '../../platform/db/database';
import { sharedDecider, sharedStream } from '../../platform/event-store/shared-reservation';
import { createLogger } from '../../platform/logger';
import { duplicateKeys } from './duplicate-keys';

/** The likely-duplicate check decided by the registration's commit (issue 23 item 3). */
describe('likely duplicates in the commit', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  let receptionist: string;

  beforeAll(async () => {
    // An app of its own: this file appends and backfills across the whole store.
    s = await startPatientsSuite(['receptionist', 'doctor'], { ownApp: true });
    receptionist = s.tokens.receptionist;
  });
  afterAll(async () => s?.t.close());

  /** Live patients of hospital A whose names contain `lastName`. */
  const named = async (lastName: string) =>
    (await api.list(s.tokens.doctor, `search=${encodeURIComponent(lastName)}&limit=50`)).patients;

  /** Who holds each of a patient's likely-duplicate keys, as the event store says: [phone, names + birth date]. */
  const holders = async (p: Record<string, unknown>) =>
    Promise.all(
      duplicateKeys(s.a.hospital.id, {
        firstName: String(p.firstName),
        lastName: String(p.lastName),
        dateOfBirth: String(p.dateOfBirth),
        phoneNumber: String(p.phoneNumber),
      }).map(async (k) => {
        const events = await s.t.platform.store.readStream(sharedStream(k.scope, k.value));
        return events.reduce(
          (state, e) => sharedDecider.evolve(state, e as Parameters<typeof sharedDecider.evolve>[1]),
          sharedDecider.initialState(),
        ).holders;
      }),
    );

  const candidateOf = (p: Record<string, unknown>) => ({
    id: p.id,
    name: p.name,
    dateOfBirth: p.dateOfBirth,
    phoneNumber: p.phoneNumber,
    identificationNumber: p.identificationNumber,
  });

  /** Two registrations of one person at once: exactly one 201, and a 409 naming it as the candidate. */
  async function expectOneRegisters(pair: [Promise<LightMyRequestResponse>, Promise<LightMyRequestResponse>]) {
    const answers = await Promise.all(pair);
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([201, 409]);
    const created = answers.find((r) => r.statusCode === 201)!.json().data.patient;
    expect(answers.find((r) => r.statusCode === 409)!.json()).toEqual({
      success: false,
      message: 'This patient may already be registered',
      code: 'LIKELY_DUPLICATE',
      candidates: [candidateOf(created)],
    });
    return created;
  }

  it('of two desks registering one person at the same instant, one registers and the other is shown it', async () => {
    // Several people, so a check that reads before the commit cannot pass by the luck of timing.
    for (let i = 0; i < 4; i++) {
      const person = newPatient();
      const created = await expectOneRegisters([
        api.register(receptionist, person),
        api.register(receptionist, { ...person, identificationNumber: `${person.identificationNumber}B` }),
      ]);
      expect((await named(person.lastName)).map((p) => p.id)).toEqual([created.id]);
    }
  });

  it('decides between two servers on one database, by the phone alone or by names and birth date', async () => {
    const second: BuiltApp = await buildApp(s.t.config, { log: createLogger('silent') });
    const other = (payload: object) =>
      second.app.inject({ method: 'POST', url: '/api/patients', headers: asClient(receptionist), payload });
    try {
      for (let i = 0; i < 3; i++) {
        const byPhone = newPatient();
        await expectOneRegisters([
          api.register(receptionist, byPhone),
          other(newPatient({ phoneNumber: byPhone.phoneNumber.replace('+234 ', '0') })),
        ]);
        const byName = newPatient();
        await expectOneRegisters([
          other(byName),
          api.register(
            receptionist,
            newPatient({
              firstName: byName.firstName,
              lastName: byName.lastName.toUpperCase(),
              dateOfBirth: byName.dateOfBirth,
            }),
          ),
        ]);
      }
    } finally {
      await second.close();
    }
  });

  it('lets confirmed duplicates through, at the same instant too, and shows every holder of a shared phone', async () => {
    const family = newPatient();
    const twin = { ...family, firstName: 'Kehinde', identificationNumber: `${family.identificationNumber}T` };
    const first = await api.registered(receptionist, family);
    const refused = await api.register(receptionist, twin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().candidates).toEqual([candidateOf(first)]);
    const [a, b] = await Promise.all([
      api.register(receptionist, { ...twin, allowDuplicate: true }),
      api.register(receptionist, {
        ...twin,
        identificationNumber: `${twin.identificationNumber}2`,
        allowDuplicate: true,
      }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const third = await api.register(receptionist, newPatient({ phoneNumber: family.phoneNumber }));
    expect(third.statusCode).toBe(409);
    expect(
      third
        .json()
        .candidates.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual([first.id, a.json().data.patient.id, b.json().data.patient.id].sort());
  });

  it('moves the keys with an edit of the phone, names or date of birth', async () => {
    const p = await api.registered(receptionist);
    const newPhone = newPatient().phoneNumber;
    const edited = await api.edit(receptionist, p.id, {
      phoneNumber: newPhone,
      firstName: 'Adaeze',
      dateOfBirth: '1990-01-02',
      version: p.version,
    });
    expect(edited.statusCode).toBe(200);
    expect(await holders(p)).toEqual([[], []]);
    expect(await holders(edited.json().data.patient)).toEqual([[p.id], [p.id]]);
    // The old phone and the old names are free: other people may have them without a warning.
    expect((await api.register(receptionist, newPatient({ phoneNumber: p.phoneNumber }))).statusCode).toBe(201);
    const sameOldNames = { firstName: p.firstName, lastName: p.lastName, dateOfBirth: p.dateOfBirth as string };
    expect((await api.register(receptionist, newPatient(sameOldNames))).statusCode).toBe(201);
    // The new ones are the edited patient's.
    for (const again of [
      newPatient({ phoneNumber: newPhone }),
      newPatient({ firstName: 'ADAEZE', lastName: p.lastName, dateOfBirth: '1990-01-02' }),
    ]) {
      const res = await api.register(receptionist, again);
      expect(res.statusCode).toBe(409);
      expect(res.json().candidates.map((c: { id: string }) => c.id)).toEqual([p.id]);
    }
  });

  it('frees a deleted patient’s keys, and keeps a shared key for those who still hold it', async () => {
    const gone = await api.registered(receptionist);
    const sibling = await api.registered(receptionist, { phoneNumber: gone.phoneNumber, allowDuplicate: true });
    expect(await holders(gone)).toEqual([[gone.id, sibling.id], [gone.id]]);
    expect((await api.remove(s.tokens.admin, gone.id)).statusCode).toBeLessThan(300);
    expect(await holders(gone)).toEqual([[sibling.id], []]);
    const samePerson = newPatient({
      firstName: gone.firstName,
      lastName: gone.lastName,
      dateOfBirth: gone.dateOfBirth as string,
    });
    expect((await api.register(receptionist, samePerson)).statusCode).toBe(201);
    const samePhone = await api.register(receptionist, newPatient({ phoneNumber: gone.phoneNumber }));
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json().candidates.map((c: { id: string }) => c.id)).toEqual([sibling.id]);
  });

  it('knows the patients registered before the keys existed once migration 0019 has run', async () => {
    // A registration as the code before this change committed it: the patient's event alone.
    const before = newPatient();
    const patientId = crypto.randomUUID();
    const { schemaVersion: _v, ...meta } = (
      await s.t.platform.store.readStream(`patient-${(await api.registered(receptionist)).id}`)
    )[0]!.metadata;
    await s.t.platform.store.append(
      `patient-${patientId}`,
      [
        {
          type: 'PatientRegistered',
          data: {
            patientId,
            hospitalId: s.a.hospital.id,
            ...before,
            identificationNumber: before.identificationNumber.toUpperCase(),
            emergencyContactPhone: null,
            status: 'waiting',
          },
          metadata: { ...meta, occurredAt: new Date().toISOString() },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const samePerson = newPatient({ phoneNumber: before.phoneNumber });
    expect((await api.register(receptionist, samePerson)).statusCode).toBe(201);
    const owner = createDb(createPool(s.t.db.url, 1));
    try {
      await backfillDuplicateKeys(owner as unknown as Kysely<unknown>);
      const claimed = await sql<{ n: number }>`
        select count(*)::int as n from events where type = 'SharedValueClaimed' and data->>'ownerId' = ${patientId}`.execute(
        owner,
      );
      expect(claimed.rows[0]!.n).toBe(2);
    } finally {
      await owner.destroy();
    }
    const res = await api.register(
      receptionist,
      newPatient({ firstName: before.firstName, lastName: before.lastName, dateOfBirth: before.dateOfBirth }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().candidates.map((c: { id: string }) => c.id)).toEqual([patientId]);
  });
});
