import { CompiledQuery, sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { prepared } from '../../../platform/db/prepared';
import { ageOn, hospitalDate } from '../../../shared/hospital-calendar';
import { hospitalToday } from '../../hospitals';
import type { DuplicateCandidate } from '../errors';
import type { PatientRegistered } from '../events';
import type { PatientDetails } from '../patient';
import { MIN_COMPARABLE_DIGITS, normalisePhone, phoneSearchDigits } from '../phone';
import { STATUS_BUCKETS, statusBucket } from './patient-counts';
import { actorOf, registeredRow, type PatientRow } from './patients-list';
import type { EventMetadata } from '../../../platform/event-store/port';

/** The patient list's query functions: pages, search, one record, likely-duplicate candidates. */

/** What a list item is made of: a row of the list, `registered_at` as read or already in ISO form. */
type ItemRow = Pick<
  PatientRow,
  | 'patient_id'
  | 'first_name'
  | 'last_name'
  | 'date_of_birth'
  | 'gender'
  | 'phone_number'
  | 'status'
  | 'identification_number'
  | 'vitals'
  | 'registered_by'
  | 'registered_at'
>;

const iso = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

function toItem(r: ItemRow, today: string) {
  return {
    id: r.patient_id,
    name: `${r.first_name} ${r.last_name}`,
    firstName: r.first_name,
    lastName: r.last_name,
    age: ageOn(r.date_of_birth, today),
    gender: r.gender,
    contact: r.phone_number,
    status: r.status,
    dateRegistered: iso(r.registered_at),
    identificationNumber: r.identification_number,
    // Written by the consultations module once it exists.
    diagnosis: null,
    vitals: r.vitals,
    registeredBy: r.registered_by,
  };
}

export function toDetail(r: PatientRow, today: string) {
  return {
    ...toItem(r, today),
    dateOfBirth: r.date_of_birth,
    phoneNumber: r.phone_number,
    address: r.address,
    emergencyContact: {
      name: r.emergency_contact_name,
      relationship: r.emergency_contact_relationship,
      phoneNumber: r.emergency_contact_phone ?? r.phone_number,
    },
    // Filled by the clinical module later.
    prescriptions: [] as never[],
    admission: r.admission,
    version: r.version,
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export type PatientDetailView = ReturnType<typeof toDetail>;

/** What the list shows: every column but the search ones. */
const LIST_COLUMNS = [
  'patient_id',
  'hospital_id',
  'first_name',
  'last_name',
  'date_of_birth',
  'gender',
  'phone_number',
  'address',
  'identification_number',
  'emergency_contact_name',
  'emergency_contact_relationship',
  'emergency_contact_phone',
  'status',
  'registered_at',
  'registered_on',
  'version',
  'updated_at',
  'vitals',
  'admission',
  'registered_by',
  'ever_seen',
  'deleted_at',
] as const;

export type PatientListQuery = { page: number; limit: number; search?: string; status?: string; countOnly?: boolean };

/**
 * A search counts its matches up to this many; past it the total says "at least" (`totalIsCapped`),
 * so a short search of a million records does not count them all on every keystroke.
 */
export const SEARCH_COUNT_CAP = 2_000;

/** `%`, `_` and `\` are taken literally (backslash is LIKE's escape character in PostgreSQL). */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The columns a list item shows, `registered_at` already in ISO form (see `plainPage`). */
const ITEM_COLUMNS = `patient_id, first_name, last_name, date_of_birth, gender, phone_number, status, identification_number,
  vitals, registered_by, to_char(registered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as registered_at`;

/**
 * The page without a search: the total from the counts table (exact), the rows from a walk of
 * the newest-first index, in one prepared statement of a fixed text. It is the screen every desk
 * keeps open, so it costs one round trip and no query building, and reads only what an item shows.
 * The walk reads the index alone (patient ids); only the page's rows are then fetched, so a later
 * page does not read every row before it. `registered_at` is ISO text, fixed width in UTC, so it
 * orders like the timestamp.
 */
const pageSql = (byStatus: boolean) => `
  select c.total, p.*
  from (select coalesce(sum(patients), 0)::int as total from patient_counts
         where hospital_id = $1 and bucket = any($2::text[])) c
    left join lateral (
      select ${ITEM_COLUMNS} from (
        select patient_id as id from patients_list
         where hospital_id = $1 and deleted_at is null ${byStatus ? 'and status = $5' : ''}
         order by registered_at desc, patient_id limit $3 offset $4
      ) page join patients_list on patients_list.patient_id = page.id
    ) p on true
  order by p.registered_at desc, p.patient_id`;
const PAGE_SQL = { all: pageSql(false), byStatus: pageSql(true) };

/** The statement of a page without a search (exported for the test of its plan). */
export function plainPageQuery(hospitalId: string, q: PatientListQuery) {
  const values = [hospitalId, q.status ? [statusBucket(q.status)] : STATUS_BUCKETS, q.countOnly ? 0 : q.limit];
  values.push((q.page - 1) * q.limit);
  if (q.status) values.push(q.status);
  return CompiledQuery.raw(q.status ? PAGE_SQL.byStatus : PAGE_SQL.all, values) as CompiledQuery<
    ItemRow & { total: number }
  >;
}

async function plainPage(db: Db, hospitalId: string, q: PatientListQuery) {
  const { rows } = await db.executeQuery(prepared(plainPageQuery(hospitalId, q)));
  return { rows: rows.filter((r) => r.patient_id !== null), total: rows[0]!.total, capped: false };
}

/**
 * A search's count and page in one statement, so a keystroke costs one round trip. Name,
 * identification number or phone, partial and case-insensitive, on the one trigram-indexed
 * column. The count is of up to `countCap + 1` matches from one pass over the trigram index
 * (unordered, so it stops there). With at most
 * `countCap`, the page is sorted from those matches; with more, the newest-first index finds ten
 * of many matches among the first rows it reads. Each branch runs only when its condition on the
 * count holds (a one-time filter), so the statement does the work of one of them. It is planned
 * for its values each time (not a named prepared statement): a generic plan, blind to how common
 * the term is, sorts every match of a common one for the walk's page (300 ms at a million patients).
 */
const searchSql = (byStatus: boolean, byDigits: boolean) => {
  // $1 hospital, $2 term as a LIKE pattern, $3 count cap, $4 limit, $5 offset, then status, digits.
  const status = byStatus ? 'and status = $6' : '';
  const digits = byDigits ? `or search_text like $${byStatus ? 7 : 6}` : '';
  const where = `hospital_id = $1 and deleted_at is null ${status} and (search_text like lower($2) ${digits})`;
  return `
  with matched as materialized (
    select patient_id, registered_at from patients_list where ${where} limit $3::int + 1
  ), counted as (
    select count(*)::int as matched from matched
  ), page as (
    (select patient_id as id from matched
      where (select matched from counted) <= $3::int
      order by registered_at desc, patient_id limit $4 offset $5)
    union all
    (select patient_id from patients_list
      where (select matched from counted) > $3::int and ${where}
      order by registered_at desc, patient_id limit $4 offset $5)
  )
  select least(c.matched, $3::int) as total, c.matched > $3::int as capped, p.*
  from counted c
    left join lateral (
      select ${ITEM_COLUMNS} from page join patients_list on patients_list.patient_id = page.id
    ) p on true
  order by p.registered_at desc, p.patient_id`;
};
const SEARCH_SQL = [false, true].map((byStatus) => [false, true].map((byDigits) => searchSql(byStatus, byDigits)));

/** The statement of a search (exported for the test of its plan). */
export function searchQuery(hospitalId: string, search: string, q: PatientListQuery, countCap = SEARCH_COUNT_CAP) {
  const values: unknown[] = [hospitalId, likeContaining(search), countCap, q.countOnly ? 0 : q.limit];
  values.push((q.page - 1) * q.limit);
  if (q.status) values.push(q.status);
  const digits = phoneSearchDigits(search);
  const byDigits = !!digits && digits !== search;
  if (byDigits) values.push(likeContaining(digits));
  return CompiledQuery.raw(SEARCH_SQL[q.status ? 1 : 0]![byDigits ? 1 : 0]!, values) as CompiledQuery<
    ItemRow & { total: number; capped: boolean }
  >;
}

async function searchPage(db: Db, hospitalId: string, search: string, q: PatientListQuery, countCap: number) {
  const { rows } = await db.executeQuery(searchQuery(hospitalId, search, q, countCap));
  const { total, capped } = rows[0]!;
  return { rows: rows.filter((r) => r.patient_id !== null), total, capped };
}

/** `now` decides the ages shown; passed in so a query is a pure function of its inputs. */
export async function listPatients(
  db: Db,
  hospitalId: string,
  q: PatientListQuery,
  now: Date,
  countCap = SEARCH_COUNT_CAP,
) {
  const search = q.search?.trim();
  const [found, today] = await Promise.all([
    search ? searchPage(db, hospitalId, search, q, countCap) : plainPage(db, hospitalId, q),
    hospitalToday(db, hospitalId, now),
  ]);
  return { patients: found.rows.map((r) => toItem(r, today)), total: found.total, totalIsCapped: found.capped };
}

export async function findPatient(db: Db, hospitalId: string, patientId: string, now: Date) {
  const [row, today] = await Promise.all([patientRow(db, hospitalId, patientId), hospitalToday(db, hospitalId, now)]);
  return row ? toDetail(row as PatientRow, today) : null;
}

function patientRow(db: Db, hospitalId: string, patientId: string) {
  return db
    .selectFrom('patients_list')
    .select(LIST_COLUMNS)
    .where('hospital_id', '=', hospitalId)
    .where('patient_id', '=', patientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** A just-registered patient as the detail answer shows it, from the registration event itself. */
export function patientFromEvent(event: PatientRegistered, metadata: EventMetadata, now: Date, timeZone: string) {
  const row = registeredRow(event.data, new Date(metadata.occurredAt), 1, actorOf(metadata), timeZone);
  return toDetail(row, hospitalDate(now, timeZone));
}

const MAX_CANDIDATES = 5;

/**
 * Live patients of the hospital who may be the person being registered: the same phone however
 * written, or the same first and last name (any case) with the same date of birth. The commit's
 * keys decide a registration (duplicate-keys.ts); this list read is only EventStoreDB's fallback
 * for the patients registered before the keys existed, which migration 0019 cannot reach there.
 */
export async function likelyDuplicates(
  db: Db,
  hospitalId: string,
  d: Pick<PatientDetails, 'firstName' | 'lastName' | 'dateOfBirth' | 'phoneNumber'>,
): Promise<DuplicateCandidate[]> {
  const digits = normalisePhone(d.phoneNumber);
  const rows = await db
    .selectFrom('patients_list')
    .select(CANDIDATE_COLUMNS)
    .where('hospital_id', '=', hospitalId)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        ...(digits.length >= MIN_COMPARABLE_DIGITS ? [eb('phone_digits', '=', digits)] : []),
        eb.and([
          eb(sql`lower(first_name)`, '=', sql`lower(${d.firstName})`),
          eb(sql`lower(last_name)`, '=', sql`lower(${d.lastName})`),
          eb('date_of_birth', '=', d.dateOfBirth),
        ]),
      ]),
    )
    .orderBy('registered_at', 'desc')
    .limit(MAX_CANDIDATES)
    .execute();
  return rows.map(toCandidate);
}

const CANDIDATE_COLUMNS = [
  'patient_id',
  'first_name',
  'last_name',
  'date_of_birth',
  'phone_number',
  'identification_number',
] as const;

const toCandidate = (r: Pick<PatientRow, (typeof CANDIDATE_COLUMNS)[number]>): DuplicateCandidate => ({
  id: r.patient_id,
  name: `${r.first_name} ${r.last_name}`,
  dateOfBirth: r.date_of_birth,
  phoneNumber: r.phone_number,
  identificationNumber: r.identification_number,
});

/**
 * The live patients of the hospital among `ids` (the holders of a registration's likely-duplicate
 * keys, see duplicate-keys.ts), as the 409 shows them: newest first, five at most.
 */
export async function liveCandidates(db: Db, hospitalId: string, ids: string[]): Promise<DuplicateCandidate[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('patients_list')
    .select(CANDIDATE_COLUMNS)
    .where('hospital_id', '=', hospitalId)
    .where('patient_id', 'in', ids)
    .where('deleted_at', 'is', null)
    .orderBy('registered_at', 'desc')
    .orderBy('patient_id')
    .limit(MAX_CANDIDATES)
    .execute();
  return rows.map(toCandidate);
}
