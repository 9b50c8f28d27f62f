import { describe, expect, it } from 'vitest';
import { describe as describeEvent, entryRank, redact, words } from './actions';

const names = (kind: string, id: string) => (kind === 'patient' && id === 'p1' ? 'Ada Obi' : undefined);
const say = (type: string, data: object) => describeEvent({ type, data }, names);

describe('action sentences', () => {
  it('tells patient events with the name the trail knows', () => {
    expect(say('PatientStatusChanged', { patientId: 'p1', from: 'waiting', to: 'consultation' })).toEqual({
      action: 'Changed status of Ada Obi from waiting to consultation',
      subjectType: 'patient',
      subjectId: 'p1',
      outcome: 'success',
    });
    expect(say('PatientDetailsEdited', { patientId: 'p1', changes: { phoneNumber: '1', address: 'x' } }).action).toBe(
      'Edited Ada Obi: phone number, address',
    );
    expect(say('VitalsRecorded', { patientId: 'p2', vitals: {} }).action).toBe('Recorded vitals for patient p2');
  });

  it('tells reads and refusals, with their outcome', () => {
    const read = { subjectType: 'patient', subjectId: 'p1', what: 'detail', method: 'GET', route: '/', purpose: null };
    expect(say('RecordAccessed', { ...read, asOf: '2026-11-20T10:15:00.000Z' }).action).toBe(
      'Viewed the detail of Ada Obi as of 2026-11-20T10:15:00.000Z',
    );
    expect(say('AccessRefused', { ...read, status: 403, reason: 'forbidden' })).toMatchObject({
      action: 'Refused detail of Ada Obi (403: role not allowed)',
      outcome: 'denied',
    });
    expect(say('LoginFailed', { userId: 'u', reason: 'wrong_password', failedAttempts: 2 }).outcome).toBe('failure');
  });

  it('falls back to the type name and the first id field for events it does not know', () => {
    expect(say('PrescriptionDispensed', { prescriptionId: 'rx1', patientId: 'p1', items: 2 })).toEqual({
      action: 'Prescription dispensed',
      subjectType: 'prescription',
      subjectId: 'rx1',
      outcome: 'success',
    });
    expect(say('SomethingHappened', {})).toMatchObject({ action: 'Something happened', subjectType: null });
    expect(words('LabRequestCreated')).toBe('lab request created');
  });

  it('keeps riders out of the trail and leaves credentials out of the detail', () => {
    expect(entryRank('UniqueValueReserved')).toBe(2);
    expect(entryRank('AccountProvisioned')).toBe(1);
    expect(entryRank('PatientRegistered')).toBe(0);
    expect(redact({ userId: 'u', passwordHash: 'x', nested: [{ codeHash: 'y', hospitalCode: 'H1' }] })).toEqual({
      userId: 'u',
      passwordHash: '[redacted]',
      nested: [{ codeHash: '[redacted]', hospitalCode: 'H1' }],
    });
  });
});
