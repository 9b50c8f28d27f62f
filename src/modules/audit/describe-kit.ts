import { cut, RECORD_ID } from '../../shared/text';

/**
 * What an event means in the trail: a short sentence in the past tense, the record it is about,
 * and how it ended. Written from the event alone plus the names the projection keeps; event types
 * this file does not know (a module that lands later) get a sentence from their type name and a
 * subject from the first id field they carry.
 */
export type Described = {
  action: string;
  subjectType: string | null;
  subjectId: string | null;
  outcome: 'success' | 'failure' | 'denied';
};

/** Names the projection knows: `name('patient', id)` → 'Ada Obi', or undefined. */
export type NameOf = (kind: string, id: string) => string | undefined;

/** The small pieces the trail's sentences are written with (actions.ts and its per-area files). */
type Data = Record<string, unknown>;

/** A field as text: '' for none. */
export const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : String(v));

// Helpers of `describe`, out here rather than closures over the event: every closure created
// costs a call that names it (tsx keeps function names), five an event, millions in a rebuild.
export const ok = (action: string, subjectType: string | null, subjectId: unknown): Described => ({
  action,
  subjectType,
  subjectId: subjectId === undefined || subjectId === null ? null : str(subjectId),
  outcome: 'success',
});
/**
 * A record the trail has no name for, told by its kind and the start of its id, cut by code points.
 * An id that is not one of ours (a refused lookup of `AAAAAAA😀`, recorded quoted as
 * `AAAAAAA\u{1f600}`) is shown whole, up to 40 characters, so the trail says what was asked for.
 */
export const unnamed = (kind: string, id: string) =>
  `${kind} ${RECORD_ID.test(id) ? cut(id, 8) : `"${cut(id, 40, '…')}"`}`;
export const patientNamed = (d: Data, name: NameOf) =>
  name('patient', str(d.patientId)) ?? unnamed('patient', str(d.patientId));
export const userNamed = (d: Data, name: NameOf) => {
  const id = str(d.userId);
  return name('user', id) ?? unnamed('user', id);
};
export const onPatient = (d: Data, action: string) => ok(action, 'patient', d.patientId);
export const onUser = (d: Data, action: string) => ok(action, 'user', d.userId);
