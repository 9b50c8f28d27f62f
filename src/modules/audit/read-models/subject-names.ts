import { sql } from 'kysely';
import type { RecordedEvent } from '../../../platform/event-store/port';
import type { Db } from '../../../platform/db/database';
import type { Trx } from '../../../platform/projections/projection';

/**
 * The audit projection's own copy of names (patients, staff, hospitals) for its sentences, kept per
 * hospital: a refused look at another hospital's patient id must not show that patient's name in
 * the caller's trail. One page of events loads the names it needs once and stores what changed.
 */
type Names = { first: string | null; last: string | null };
type Data = Record<string, unknown>;

const SEP = '\u001f';
const nameKey = (hospitalId: string, kind: string, id: string) => [hospitalId, kind, id].join(SEP);

const s = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The names an event sets. */
function namesSetBy(e: RecordedEvent): { kind: string; id: string; names: Partial<Names> } | null {
  const d = e.data as Data;
  switch (e.type) {
    case 'PatientRegistered':
      return { kind: 'patient', id: String(d.patientId), names: { first: s(d.firstName), last: s(d.lastName) } };
    case 'PatientDetailsEdited': {
      const c = (d.changes ?? {}) as Data;
      if (!('firstName' in c) && !('lastName' in c)) return null;
      return { kind: 'patient', id: String(d.patientId), names: { first: s(c.firstName), last: s(c.lastName) } };
    }
    case 'StaffMemberCreated':
    case 'StaffMemberUpdated':
    case 'AccountProvisioned':
    case 'AccountProfileChanged':
      return { kind: 'user', id: String(d.userId), names: { first: s(d.firstName), last: s(d.lastName) } };
    case 'HospitalRegistered':
      return { kind: 'hospital', id: String(d.hospitalId), names: { first: s(d.name), last: '' } };
    default:
      return null;
  }
}

function keysOf(e: RecordedEvent): string[] {
  const d = e.data as Data;
  const h = e.metadata.hospitalId ?? '';
  const keys: string[] = [];
  if (typeof d.patientId === 'string') keys.push(nameKey(h, 'patient', d.patientId));
  if (typeof d.userId === 'string') keys.push(nameKey(h, 'user', d.userId));
  if (typeof d.subjectType === 'string' && typeof d.subjectId === 'string')
    keys.push(nameKey(h, d.subjectType, d.subjectId));
  // An answer sent again to a resent command names the one patient it showed.
  if (d.replayed === true && Array.isArray(d.patientIds) && d.patientIds.length === 1) {
    const [patientId] = d.patientIds as unknown[];
    if (typeof patientId === 'string') keys.push(nameKey(h, 'patient', patientId));
  }
  return keys;
}

export class SubjectNames {
  private readonly touched = new Map<string, Names>();

  private constructor(private readonly names: Map<string, Names>) {}

  /** The names the events of a page may need, in one query. */
  static async load(trx: Trx | Db, events: readonly RecordedEvent[]): Promise<SubjectNames> {
    // A registration names its new patient in full and is described from its own data: that
    // patient's name is not looked up for it, nor for the page's later events (most of a busy page).
    const keys = new Set<string>();
    const namedHere = new Set<string>();
    for (const e of events) {
      const registered =
        e.type === 'PatientRegistered'
          ? nameKey(e.metadata.hospitalId ?? '', 'patient', String((e.data as Data).patientId))
          : null;
      for (const k of keysOf(e)) if (k !== registered && !namedHere.has(k)) keys.add(k);
      if (registered) namedHere.add(registered);
    }
    const names = new Map<string, Names>();
    if (keys.size) {
      // Matched column by column so the primary key finds each row (a concatenation would scan the table).
      const parts = [...keys].map((k) => k.split(SEP) as [string, string, string]);
      const known = await trx
        .selectFrom('audit_subjects')
        .selectAll()
        .where(
          sql<boolean>`(hospital_id, kind, id) in (select * from unnest(
            ${parts.map((p) => p[0])}::text[], ${parts.map((p) => p[1])}::text[], ${parts.map((p) => p[2])}::text[]))`,
        )
        .execute();
      for (const r of known)
        names.set(nameKey(r.hospital_id, r.kind, r.id), { first: r.first_name, last: r.last_name });
    }
    return new SubjectNames(names);
  }

  /** `name(kind, id)` within one hospital, for `describe`. */
  in(hospitalId: string) {
    return (kind: string, id: string): string | undefined => {
      const n = this.names.get(nameKey(hospitalId, kind, id));
      return n ? `${n.first ?? ''} ${n.last ?? ''}`.trim() || undefined : undefined;
    };
  }

  /** Takes in the names `e` sets. */
  apply(e: RecordedEvent): void {
    const set = namesSetBy(e);
    if (!set) return;
    const key = nameKey(e.metadata.hospitalId ?? '', set.kind, set.id);
    const before = this.names.get(key) ?? { first: null, last: null };
    const after = { first: set.names.first ?? before.first, last: set.names.last ?? before.last };
    this.names.set(key, after);
    this.touched.set(key, after);
  }

  /** Stores the names that changed on this page. */
  async save(trx: Trx): Promise<void> {
    const rows = [...this.touched].map(([key, n]) => {
      const [hospital_id, kind, id] = key.split(SEP) as [string, string, string];
      return { hospital_id, kind, id, first_name: n.first, last_name: n.last };
    });
    if (rows.length === 0) return;
    await trx
      .insertInto('audit_subjects')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['hospital_id', 'kind', 'id']).doUpdateSet((eb) => ({
          first_name: eb.ref('excluded.first_name'),
          last_name: eb.ref('excluded.last_name'),
        })),
      )
      .execute();
  }
}
