import { describe, expect, it } from 'vitest';
import { afterOutcome, inOrder, keepsSyncing, nextToSend, retried, subjectsOf, type QueuedCommand } from './queue';

const PATIENT_A = '11111111-1111-4111-8111-111111111111';
const PATIENT_B = '22222222-2222-4222-8222-222222222222';

let seq = 0;
function command(over: Partial<QueuedCommand>): QueuedCommand {
  seq += 1;
  return {
    id: `cmd-${seq}`,
    userId: 'u1',
    hospitalId: 'h1',
    kind: 'record-vitals',
    method: 'POST',
    route: `patients/${PATIENT_A}/vitals`,
    body: {},
    label: 'x',
    deviceTime: '2026-11-25T10:00:00.000Z',
    createdAt: '2026-11-25T10:00:00.000Z',
    seq,
    state: 'pending',
    ...over,
  };
}
const registration = (id: string) => command({ kind: 'register-patient', route: 'patients', body: { id } });

describe('subjectsOf', () => {
  it('names the id in the route and the ids the body carries', () => {
    expect(subjectsOf({ route: `patients/${PATIENT_A}/vitals`, body: {} })).toEqual([PATIENT_A]);
    expect(subjectsOf({ route: 'appointments', body: { id: PATIENT_B, patientId: PATIENT_A } })).toEqual([
      PATIENT_B,
      PATIENT_A,
    ]);
  });
});

describe('nextToSend', () => {
  it('sends the oldest pending command first, whatever order they were read in', () => {
    const first = registration(PATIENT_A);
    const second = command({ route: `patients/${PATIENT_A}/vitals` });
    expect(nextToSend([second, first])?.id).toBe(first.id);
    expect(inOrder([second, first]).map((c) => c.id)).toEqual([first.id, second.id]);
  });

  it("holds a patient's later work while that patient's registration waits for the person's decision", () => {
    const stopped = { ...registration(PATIENT_A), state: 'conflict' as const };
    const vitalsForA = command({ route: `patients/${PATIENT_A}/vitals` });
    const vitalsForB = command({ route: `patients/${PATIENT_B}/vitals` });
    expect(nextToSend([stopped, vitalsForA, vitalsForB])?.id).toBe(vitalsForB.id);
    expect(nextToSend([stopped, vitalsForA])).toBeNull();
  });

  it('goes on once the stopped command is gone', () => {
    const vitalsForA = command({ route: `patients/${PATIENT_A}/vitals` });
    expect(nextToSend([vitalsForA])?.id).toBe(vitalsForA.id);
  });

  it('has nothing to send when the queue is empty', () => {
    expect(nextToSend([])).toBeNull();
  });
});

describe('afterOutcome', () => {
  const pending = command({
    kind: 'change-status',
    route: `patients/${PATIENT_A}/status`,
    body: { status: 'with doctor' },
  });

  it('takes an accepted command off the queue', () => {
    expect(afterOutcome(pending, { kind: 'accepted' })).toBe('remove');
  });

  it('keeps a command whose send failed for the network, and stops the loop', () => {
    expect(afterOutcome(pending, { kind: 'network' })).toBe('keep');
    expect(keepsSyncing({ kind: 'network' })).toBe(false);
    expect(keepsSyncing({ kind: 'unauthorized' })).toBe(false);
  });

  it('stops a 409 as a conflict with the server body, and another refusal as rejected', () => {
    const body = { current: { status: 'admitted', version: 3 } };
    const conflict = afterOutcome(pending, { kind: 'refused', status: 409, message: 'Changed', body });
    expect(conflict).toMatchObject({ state: 'conflict', problem: { status: 409, message: 'Changed', body } });
    const rejected = afterOutcome(pending, { kind: 'refused', status: 404, message: 'Patient not found', body: {} });
    expect(rejected).toMatchObject({ state: 'rejected', problem: { status: 404 } });
    expect(keepsSyncing({ kind: 'refused', status: 409, message: '', body: {} })).toBe(true);
  });
});

describe('retried', () => {
  it('is pending again, with a new key, the changed body and version, in the same place', () => {
    const stopped: QueuedCommand = {
      ...command({ basedOnVersion: 1 }),
      state: 'conflict',
      problem: { status: 409, message: 'x', body: {} },
    };
    const again = retried(stopped, 'new-key', { status: 'admitted' }, 4);
    expect(again).toMatchObject({ id: 'new-key', state: 'pending', basedOnVersion: 4, seq: stopped.seq });
    expect(again.body).toEqual({ status: 'admitted' });
    expect(again.problem).toBeUndefined();
  });
});
