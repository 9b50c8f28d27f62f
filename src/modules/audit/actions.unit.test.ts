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

  it('tells a list read with its terms and how many patients it showed', () => {
    const list = { subjectType: 'patient', subjectId: null, what: 'list', method: 'GET', route: '/', purpose: null };
    const query = { search: 'ada', status: 'waiting', page: '2', limit: '20' };
    expect(say('RecordAccessed', { ...list, patientIds: ['p1', 'p2'], query })).toMatchObject({
      action: 'Viewed patient list (search "ada", status "waiting", page 2, 2 patients)',
      subjectType: 'patient',
      subjectId: null,
    });
    expect(
      say('RecordAccessed', { ...list, what: 'queue', subjectType: 'lab request', patientIds: ['p1'] }).action,
    ).toBe('Viewed lab request queue (1 patient)');
    expect(say('RecordAccessed', { ...list, patientIds: ['p1'], patientCount: 7000, query: {} }).action).toBe(
      'Viewed patient list (7000 patients)',
    );
    // An entry written before list reads were recorded reads as it always did.
    expect(say('RecordAccessed', { ...list, what: 'trail', subjectType: 'audit' }).action).toBe(
      'Viewed the trail of audit records',
    );
  });

  it('tells an answer sent again to a resent command, naming the patient it showed', () => {
    const replay = { subjectType: 'patient', subjectId: null, what: 'registration', method: 'POST', route: '/' };
    expect(say('RecordAccessed', { ...replay, purpose: null, replayed: true, patientIds: ['p1'] })).toMatchObject({
      action: 'Received the registration answer again (a resent request), showing Ada Obi',
      subjectType: 'patient',
      subjectId: null,
    });
    expect(say('RecordAccessed', { ...replay, purpose: null, replayed: true, patientIds: [] }).action).toBe(
      'Received the registration answer again (a resent request), showing 0 patients',
    );
  });

  it('falls back to the type name and the first id field for events it does not know', () => {
    expect(say('InvoicePaid', { invoiceId: 'inv1', patientId: 'p1' })).toEqual({
      action: 'Invoice paid',
      subjectType: 'invoice',
      subjectId: 'inv1',
      outcome: 'success',
    });
    expect(say('SomethingHappened', {})).toMatchObject({ action: 'Something happened', subjectType: null });
    expect(words('LabRequestCreated')).toBe('lab request created');
  });

  it('tells the clinical work on the record it is about, naming the patient', () => {
    const consultation = {
      consultationId: 'c1',
      patientId: 'p1',
      patientName: 'Old Name',
      primaryDiagnosis: 'Malaria',
      prescriptions: [{}],
      labOrders: [],
    };
    expect(say('ConsultationRecorded', consultation)).toEqual({
      action: 'Recorded a consultation for Ada Obi: Malaria (1 medication)',
      subjectType: 'consultation',
      subjectId: 'c1',
      outcome: 'success',
    });
    expect(
      say('PrescriptionDispensed', {
        consultationId: 'c1',
        patientId: 'p2',
        patientName: 'Bola Ade',
        items: [{}, {}],
        complete: true,
      }),
    ).toMatchObject({
      action: 'Dispensed 2 items to Bola Ade',
      subjectType: 'prescription',
      subjectId: 'c1',
    });
    const lab = { labRequestId: 'l1', patientId: 'p1', testName: 'Full Blood Count', urgency: 'STAT' };
    expect(say('LabRequestOrdered', lab)).toMatchObject({
      action: 'Ordered Full Blood Count (STAT) for Ada Obi',
      subjectType: 'lab request',
      subjectId: 'l1',
    });
    expect(say('LabResultsRecorded', lab).action).toBe('Recorded the Full Blood Count results of Ada Obi');
  });

  it('tells a sign-in refused before any password was checked', () => {
    expect(say('SignInFailed', { email: 'x@y.ng', reason: 'unknown_email', userId: null })).toEqual({
      action: 'Failed sign-in: no account for x@y.ng',
      subjectType: null,
      subjectId: null,
      outcome: 'failure',
    });
    expect(say('SignInFailed', { email: 'x@y.ng', reason: 'locked', userId: 'u1' })).toMatchObject({
      subjectType: 'user',
      subjectId: 'u1',
      outcome: 'failure',
    });
  });

  it('keeps riders out of the trail and leaves credentials out of the detail', () => {
    expect(entryRank('UniqueValueReserved')).toBe(2);
    expect(entryRank('AccountProvisioned')).toBe(1);
    expect(entryRank('PatientRegistered')).toBe(0);
    // A consultation's commit shows as the consultation, the locking attempt as the lock.
    expect([
      entryRank('ConsultationRecorded'),
      entryRank('LabRequestOrdered'),
      entryRank('PrescriptionIssued'),
    ]).toEqual([0, 1, 1]);
    expect([entryRank('AccountLocked'), entryRank('LoginFailed')]).toEqual([0, 1]);
    expect(redact({ userId: 'u', passwordHash: 'x', nested: [{ codeHash: 'y', hospitalCode: 'H1' }] })).toEqual({
      userId: 'u',
      passwordHash: '[redacted]',
      nested: [{ codeHash: '[redacted]', hospitalCode: 'H1' }],
    });
  });
});
