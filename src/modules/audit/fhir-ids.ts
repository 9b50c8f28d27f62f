import { createHash } from 'node:crypto';

/** Identities inside the FHIR export: every resource's id is stable from one export to the next. */
export type Resource = Record<string, unknown> & { resourceType: string; id: string };

export const urn = (id: string) => `urn:uuid:${id}`;

/** A stable UUID for one part of one event or record (name-based, like a version 5 UUID). */
export function uuidFor(eventId: string, part: string): string {
  const h = createHash('sha1').update(`${eventId}/${part}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
