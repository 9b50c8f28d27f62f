import { sql, type Kysely } from 'kysely';
import { createDb, createPool } from '../../platform/db/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../test/helpers/patients-api';
import { up as addRegisteredBy } from '../../../migrations/0016-patients-registered-by';

describe('who registered a patient', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  const me = async (token: string) =>
    (await api.call(token, 'GET', '/api/auth/me')).json().data.user as {
      id: string;
      firstName: string;
      lastName: string;
      name?: string;
    };

  beforeAll(async () => {
    // An app of its own: this file alters the patients list table.
    s = await startPatientsSuite(['receptionist'], { ownApp: true });
  });
  afterAll(async () => s?.t.close());

  it('is in the list, the detail and the registration answer, from the event that registered them', async () => {
    const receptionist = await me(s.tokens.receptionist);
    const registered = await api.registered(s.tokens.receptionist, { firstName: 'Kemi' });
    const byAdmin = await api.registered(s.tokens.admin, { firstName: 'Femi' });
    const events = await s.t.platform.store.readStream(`patient-${registered.id}`);
    const actor = events[0]!.metadata.actor;
    expect(actor.userId).toBe(receptionist.id);
    expect(registered.registeredBy).toEqual({ id: receptionist.id, name: actor.name });
    expect(actor.name).toMatch(/\S/);

    const list = await api.list(s.tokens.admin, 'limit=10');
    const rows = Object.fromEntries(list.patients.map((p) => [p.id, p.registeredBy]));
    expect(rows[registered.id]).toEqual({ id: receptionist.id, name: actor.name });
    expect((rows[byAdmin.id] as { id: string }).id).not.toBe(receptionist.id);
    expect((await api.get(s.tokens.admin, registered.id)).json().data.registeredBy).toEqual({
      id: receptionist.id,
      name: actor.name,
    });
  });

  it('is filled in from the events for rows projected before the column existed (migration 0016)', async () => {
    const p = await api.registered(s.tokens.receptionist);
    // Schema changes are the owner's: the app's own role owns no table.
    const owner = createDb(createPool(s.t.db.url, 1));
    try {
      await sql`alter table patients_list drop column registered_by`.execute(owner);
      await addRegisteredBy(owner as unknown as Kysely<unknown>);
    } finally {
      await owner.destroy();
    }
    const list = await api.list(s.tokens.admin, 'limit=50');
    const row = list.patients.find((x) => x.id === p.id)!;
    expect(row.registeredBy).toEqual(p.registeredBy);
    expect(list.patients.every((x) => x.registeredBy !== null)).toBe(true);
  });
});
