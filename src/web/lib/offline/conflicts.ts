/**
 * What a stopped command shows the person (issue 25: "shown to the person who made it, with both versions
 * and the choices the domain allows"), read from the server's refusal.
 */
import type { QueuedCommand } from './queue';

export type CurrentStatus = {
  status: string;
  version: number;
  changedBy: { id: string; name: string } | null;
  changedAt: string | null;
};
export type Candidate = { id: string; name: string; dateOfBirth?: string; phoneNumber?: string };

export type Conflict =
  | { kind: 'status'; mine: string; basedOn: number | undefined; theirs: CurrentStatus | null }
  | { kind: 'duplicate'; candidates: Candidate[] }
  | { kind: 'slot-taken'; date: string; time: string }
  | { kind: 'stale-appointment' }
  | { kind: 'refused'; message: string };

type Body = Record<string, unknown> | undefined;
const record = (v: unknown): Record<string, unknown> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The record as it now stands, wherever the server put it (`current`, `data.current` or `errors.current`). */
function currentOf(body: Body): Record<string, unknown> | undefined {
  return record(body?.current) ?? record(record(body?.data)?.current) ?? record(record(body?.errors)?.current);
}

export function currentStatusOf(body: unknown): CurrentStatus | null {
  const current = currentOf(record(body));
  if (!current || typeof current.status !== 'string' || typeof current.version !== 'number') return null;
  const by = record(current.changedBy);
  return {
    status: current.status,
    version: current.version,
    changedBy: by && text(by.id) && text(by.name) ? { id: text(by.id)!, name: text(by.name)! } : null,
    changedAt: text(current.changedAt) ?? text(current.updatedAt),
  };
}

export function conflictOf(command: QueuedCommand): Conflict {
  const body = record(command.problem?.body);
  const code = text(body?.code);
  const message = command.problem?.message ?? 'The server refused this change';
  if (command.state !== 'conflict') return { kind: 'refused', message };
  switch (command.kind) {
    case 'change-status':
      return {
        kind: 'status',
        mine: text(command.body.status) ?? '',
        basedOn: command.basedOnVersion,
        theirs: currentStatusOf(body),
      };
    case 'register-patient': {
      if (code !== 'LIKELY_DUPLICATE') return { kind: 'refused', message };
      const list = Array.isArray(body?.candidates) ? body.candidates : [];
      const candidates = list.map(record).filter((c) => c && text(c.id) && text(c.name)) as Candidate[];
      return { kind: 'duplicate', candidates };
    }
    case 'book-appointment':
      if (code !== 'SLOT_TAKEN') return { kind: 'refused', message };
      return { kind: 'slot-taken', date: text(command.body.date) ?? '', time: text(command.body.time) ?? '' };
    case 'check-in-appointment':
      return code === 'STALE_VERSION' ? { kind: 'stale-appointment' } : { kind: 'refused', message };
    default:
      return { kind: 'refused', message };
  }
}
