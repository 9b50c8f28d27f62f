import { describe, expect, it } from 'vitest';
import { conflictOf } from './conflicts';
import type { QueuedCommand } from './queue';

const base: QueuedCommand = {
  id: 'c1',
  userId: 'u1',
  hospitalId: 'h1',
  kind: 'change-status',
  method: 'PATCH',
  route: 'patients/p1/status',
  body: { status: 'admitted' },
  basedOnVersion: 2,
  label: 'Status',
  deviceTime: '2026-11-25T10:00:00.000Z',
  createdAt: '2026-11-25T10:00:00.000Z',
  seq: 1,
  state: 'conflict',
};
const refusedWith = (over: Partial<QueuedCommand>, body: unknown, status = 409): QueuedCommand => ({
  ...base,
  ...over,
  problem: { status, message: 'Refused', body },
});

describe('conflictOf', () => {
  it('shows a status conflict with mine and theirs, who changed it and when', () => {
    const changedBy = { id: 'd1', name: 'Dr Bello' };
    const body = { current: { status: 'with doctor', version: 3, changedBy, changedAt: '2026-11-25T10:05:00.000Z' } };
    expect(conflictOf(refusedWith({}, body))).toEqual({
      kind: 'status',
      mine: 'admitted',
      basedOn: 2,
      theirs: { status: 'with doctor', version: 3, changedBy, changedAt: '2026-11-25T10:05:00.000Z' },
    });
  });

  it('reads the current record from data.current too, and without who changed it', () => {
    const conflict = conflictOf(refusedWith({}, { data: { current: { status: 'waiting', version: 5 } } }));
    expect(conflict).toMatchObject({ kind: 'status', theirs: { status: 'waiting', version: 5, changedBy: null } });
  });

  it('offers the candidates of a likely duplicate registration', () => {
    const body = { code: 'LIKELY_DUPLICATE', candidates: [{ id: 'p9', name: 'Ada Obi' }, { nope: true }] };
    expect(conflictOf(refusedWith({ kind: 'register-patient', route: 'patients' }, body))).toEqual({
      kind: 'duplicate',
      candidates: [{ id: 'p9', name: 'Ada Obi' }],
    });
  });

  it('offers another time for a slot taken meanwhile', () => {
    const booking = {
      kind: 'book-appointment' as const,
      route: 'appointments',
      body: { date: '2026-11-26', time: '09:00' },
    };
    expect(conflictOf(refusedWith(booking, { code: 'SLOT_TAKEN' }))).toEqual({
      kind: 'slot-taken',
      date: '2026-11-26',
      time: '09:00',
    });
  });

  it("shows any other refusal with the server's message", () => {
    expect(conflictOf({ ...refusedWith({}, {}, 404), state: 'rejected' })).toEqual({
      kind: 'refused',
      message: 'Refused',
    });
  });
});
