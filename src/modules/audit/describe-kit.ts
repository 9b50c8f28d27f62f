import type { Described, NameOf } from './actions';

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
export const patientNamed = (d: Data, name: NameOf) =>
  name('patient', str(d.patientId)) ?? `patient ${str(d.patientId).slice(0, 8)}`;
export const userNamed = (d: Data, name: NameOf) => {
  const id = str(d.userId);
  return name('user', id) ?? `user ${id.slice(0, 8)}`;
};
export const onPatient = (d: Data, action: string) => ok(action, 'patient', d.patientId);
export const onUser = (d: Data, action: string) => ok(action, 'user', d.userId);
