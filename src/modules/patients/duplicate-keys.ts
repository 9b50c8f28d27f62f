import {
  claimShared,
  releaseShared,
  sharedHolders,
  type SharedClaim,
} from '../../platform/event-store/shared-reservation';
import type { UnitOfWork } from '../../platform/event-store/unit-of-work';
import { LikelyDuplicatePatient, type DuplicateCandidate } from './errors';
import type { PatientDetails } from './patient';
import { MIN_COMPARABLE_DIGITS, normalisePhone } from './phone';

/**
 * The likely-duplicate check as part of a registration's commit. Two registrations are likely the
 * same person when they share a key: the same phone however written (when it has enough digits to
 * compare), or the same first and last names in any case with the same date of birth. Each key of
 * a live patient is a shared reservation (platform/event-store/shared-reservation.ts) its patient
 * holds, staged with the registration, moved by an edit and released by the deletion, so the
 * check reads no list: a registration expects its keys to be free and the commit says whether they
 * were. Keys may be shared (a family's phone, twins): a confirmed registration joins the holders.
 */
export const PHONE_KEY = 'patient-phone';
export const PERSON_KEY = 'patient-person';

type KeyFields = Pick<PatientDetails, 'firstName' | 'lastName' | 'dateOfBirth' | 'phoneNumber'>;
type Key = Omit<SharedClaim, 'ownerId'>;

/** A patient's keys; each value carries the hospital, so another hospital's patients never match. */
export function duplicateKeys(hospitalId: string, d: KeyFields): Key[] {
  const keys: Key[] = [];
  const digits = normalisePhone(d.phoneNumber);
  if (digits.length >= MIN_COMPARABLE_DIGITS) keys.push({ scope: PHONE_KEY, value: `${hospitalId}:${digits}` });
  const person = [hospitalId, d.firstName.toLowerCase(), d.lastName.toLowerCase(), d.dateOfBirth];
  keys.push({ scope: PERSON_KEY, value: JSON.stringify(person) });
  return keys;
}

/** The live patients among `ids` as a 409 shows them, newest first (see `liveCandidates`). */
export type CandidatesOf = (ids: string[]) => Promise<DuplicateCandidate[]>;

/**
 * Stages a new patient's keys. Unless `confirmed`, a key held by a live patient refuses the
 * registration with those patients as the candidates. The holders come from the unit of work (no
 * read on the first attempt: a key is most likely free, and if it is not the commit fails on its
 * revision and the work runs again with it read), so two registrations of one person at the same
 * instant cannot both pass. A holder the list no longer shows (a stale key) does not refuse.
 */
export async function claimDuplicateKeys(
  uow: UnitOfWork,
  candidatesOf: CandidatesOf,
  hospitalId: string,
  patientId: string,
  details: KeyFields,
  options: { confirmed: boolean },
): Promise<void> {
  const keys = duplicateKeys(hospitalId, details);
  if (!options.confirmed) {
    const holders = new Set((await Promise.all(keys.map((k) => sharedHolders(uow, k.scope, k.value)))).flat());
    if (holders.size > 0) {
      const candidates = await candidatesOf([...holders]);
      if (candidates.length > 0) throw new LikelyDuplicatePatient(candidates);
    }
  }
  for (const k of keys) await claimShared(uow, { ...k, ownerId: patientId }, options);
}

/** An edit's keys: the ones it no longer has are released, new ones claimed (an edit is never refused). */
export async function moveDuplicateKeys(
  uow: UnitOfWork,
  hospitalId: string,
  patientId: string,
  before: KeyFields,
  after: KeyFields,
): Promise<void> {
  const from = duplicateKeys(hospitalId, before);
  const to = duplicateKeys(hospitalId, after);
  const same = (a: Key, b: Key) => a.scope === b.scope && a.value === b.value;
  for (const k of from) if (!to.some((t) => same(t, k))) await releaseShared(uow, { ...k, ownerId: patientId });
  for (const k of to)
    if (!from.some((f) => same(f, k))) await claimShared(uow, { ...k, ownerId: patientId }, { confirmed: false });
}

/** A deleted patient's keys are free again (for the others that share them, they stay held). */
export async function releaseDuplicateKeys(uow: UnitOfWork, hospitalId: string, patientId: string, d: KeyFields) {
  for (const k of duplicateKeys(hospitalId, d)) await releaseShared(uow, { ...k, ownerId: patientId });
}
