import { randomInt } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientsApi, startPatientsSuite, type PatientsSuite } from '../../../../test/helpers/patients-api';
import type { Database } from '../../../platform/db/database';
import { listPatients, type PatientListQuery } from './patients-queries';

/**
 * A search answers its count and its page in one statement, whichever side of the count's cap it
 * falls on: a keystroke at a million patients pays one round trip, and past the cap the page still
 * comes newest first from all the matches (the count stops at the cap, `totalIsCapped`).
 */
describe('a search of the patient list, as one statement', () => {
  let s: PatientsSuite;
  const api = patientsApi(() => s.t);
  let statements: string[];
  let db: Kysely<Database>;
  /** Three patients of one surname and one phone block, newest first; the oldest is seen. */
  let made: string[];
  let surname: string;
  let block: string;

  beforeAll(async () => {
    s = await startPatientsSuite(['receptionist', 'doctor']);
    db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: s.t.platform.pool }),
      log: (e) => void (e.level === 'query' && statements.push(e.query.sql)),
    });
    surname = `Onestatement${Date.now()}`;
    block = String(randomInt(100, 999));
    made = [];
    for (let i = 0; i < 3; i++) {
      const phoneNumber = `0811 ${block} ${String(1000 + i)}`;
      made.unshift((await api.registered(s.tokens.receptionist, { lastName: surname, phoneNumber })).id);
    }
    expect((await api.status(s.tokens.doctor, made[2]!, { status: 'seen' })).statusCode).toBe(200);
  });
  afterAll(async () => s?.t.close());

  const search = async (q: Partial<PatientListQuery> & { search: string }, countCap: number) => {
    statements = [];
    const found = await listPatients(db, s.a.hospital.id, { page: 1, limit: 10, ...q }, new Date(), countCap);
    return {
      // The search itself; the hospital's time zone (for ages) is read beside it, by its key.
      statements: statements.filter((q) => !/from "hospital_settings"/.test(q)).length,
      total: found.total,
      capped: found.totalIsCapped,
      ids: found.patients.map((p) => p.id),
    };
  };

  it('past the cap: the capped count and the newest matches, in one statement', async () => {
    expect(await search({ search: surname }, 2)).toEqual({ statements: 1, total: 2, capped: true, ids: made });
    expect(await search({ search: surname, page: 2, limit: 2 }, 2)).toEqual({
      statements: 1,
      total: 2,
      capped: true,
      ids: [made[2]],
    });
  });

  it('within the cap: the exact count and the page sorted from the matches, in one statement', async () => {
    expect(await search({ search: surname.toUpperCase() }, 3)).toEqual({
      statements: 1,
      total: 3,
      capped: false,
      ids: made,
    });
  });

  it('counts only, past the cap and within it, without a page', async () => {
    expect(await search({ search: surname, countOnly: true }, 2)).toEqual({
      statements: 1,
      total: 2,
      capped: true,
      ids: [],
    });
    expect(await search({ search: surname, countOnly: true }, 5)).toEqual({
      statements: 1,
      total: 3,
      capped: false,
      ids: [],
    });
  });

  it('keeps the status filter on both sides of the cap', async () => {
    expect(await search({ search: surname, status: 'waiting' }, 1)).toEqual({
      statements: 1,
      total: 1,
      capped: true,
      ids: made.slice(0, 2),
    });
    expect(await search({ search: surname, status: 'seen' }, 1)).toEqual({
      statements: 1,
      total: 1,
      capped: false,
      ids: [made[2]],
    });
  });

  it('finds a phone written another way on both sides of the cap', async () => {
    const written = `+234 811 ${block} 10`;
    expect(await search({ search: written }, 2)).toEqual({ statements: 1, total: 2, capped: true, ids: made });
    expect(await search({ search: written }, 3)).toEqual({ statements: 1, total: 3, capped: false, ids: made });
  });

  it('answers nothing found with a zero count, not capped', async () => {
    expect(await search({ search: `${surname}-nobody` }, 2)).toEqual({
      statements: 1,
      total: 0,
      capped: false,
      ids: [],
    });
  });
});
