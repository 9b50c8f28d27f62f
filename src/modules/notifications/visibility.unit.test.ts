import { describe, expect, it } from 'vitest';
import { audienceOf, channelFor } from './visibility';
import { statusPriority } from './rules';
import { ROLE_CODES } from '../../shared/roles';

describe('visibility of the clinical messages (product-spec-1 §6)', () => {
  it.each([
    ['NEW_PRESCRIPTION', { pharmacist: true, doctor: false }],
    ['NEW_LAB_ORDER', { lab_technician: true, doctor: false }],
    ['PRESCRIPTION_DISPENSED', { doctor: true, pharmacist: false }],
    ['LAB_RESULTS_READY', { doctor: true, lab_technician: false }],
    ['CONSULTATION_CREATED', { doctor: false, nurse: false }],
  ] as const)('%s: popup and list roles', (type, audience) => {
    expect(audienceOf(type, {})).toEqual(audience);
  });

  it('sends announcements to every role, with the popup', () => {
    const audience = audienceOf('hospital_announcement', {});
    expect(Object.keys(audience).sort()).toEqual([...ROLE_CODES].sort());
    expect(Object.values(audience).every(Boolean)).toBe(true);
  });

  it('puts a message on the role’s own channel when the role lacks the message’s', () => {
    expect(channelFor('doctor', 'patient_status_changed')).toBe('patients');
    expect(channelFor('pharmacist', 'patient_status_changed')).toBe('pharmacy');
    expect(channelFor('lab_technician', 'patient_status_changed')).toBe('laboratory');
    expect(channelFor('nurse', 'CONSULTATION_CREATED')).toBe('nursing');
    expect(channelFor('accountant', 'hospital_announcement')).toBe('general');
  });

  it('ranks status changes as §4 says', () => {
    expect(
      ['consultation', 'test complete', 'refer for test', 'discharged', 'waiting', 'seen'].map(statusPriority),
    ).toEqual(['high', 'medium', 'medium', 'low', 'low', 'normal']);
  });
});
