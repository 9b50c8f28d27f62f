import { describe, expect, it } from 'vitest';
import {
  amountOf,
  draftFieldOf,
  emptyDraft,
  emptyMedication,
  labTestRefusal,
  toPayload,
  totalOf,
  validateDraft,
} from './consultation-draft';

describe('the consultation draft', () => {
  it('totals the fee and the additional charges, reading a bad amount as 0 (spec-2 §5, §9)', () => {
    expect(totalOf(emptyDraft())).toBe(5000);
    const charges = [
      { key: 'a', description: 'Injection', amount: '1500.50' },
      { key: 'b', description: '', amount: 'abc' },
      { key: 'c', description: '', amount: '200' },
    ];
    expect(totalOf({ consultationFee: '5000', charges })).toBe(6700.5);
    expect(totalOf({ consultationFee: 'lots', charges })).toBe(1700.5);
    expect(amountOf('  ')).toBe(0);
    expect(totalOf({ consultationFee: '0.1', charges: [{ key: 'd', description: '', amount: '0.2' }] })).toBe(0.3);
  });

  it('requires the complaint, the diagnosis and every medication field, with the spec messages', () => {
    const draft = { ...emptyDraft(), medications: [{ ...emptyMedication(), medicationName: 'Coartem' }] };
    expect(validateDraft(draft)).toEqual({
      chiefComplaint: 'Chief complaint is required',
      primaryDiagnosis: 'Primary diagnosis is required',
      'medications.0': 'Please fill all medication fields',
    });
  });

  it('checks the vitals taken by the rules the server applies, and none when none was taken', () => {
    const base = { ...emptyDraft(), chiefComplaint: 'Fever', primaryDiagnosis: 'Malaria' };
    expect(validateDraft(base)).toEqual({});
    expect(validateDraft({ ...base, pulseRate: '720', bloodPressure: '80/120', temperature: '38.5' })).toEqual({
      pulseRate: 'Pulse rate must be between 20 and 250 beats per minute',
      bloodPressure: 'Systolic pressure must be higher than diastolic pressure',
    });
  });

  it('adds a lab test only when one is chosen, and only once', () => {
    const tests = [{ testCode: 'FBC' as const, urgency: 'STAT' as const, instructions: '' }];
    expect(labTestRefusal(tests, '')).toBe('Please select a lab test');
    expect(labTestRefusal(tests, 'FBC')).toBe('A lab test can be added only once');
    expect(labTestRefusal(tests, 'USS')).toBeNull();
  });

  it('sends the §3 payload: vitals null when none taken, quantity 1 by default, catalogue names', () => {
    const draft = {
      ...emptyDraft(),
      chiefComplaint: ' Fever ',
      primaryDiagnosis: 'Malaria',
      medications: [
        {
          ...emptyMedication(),
          medicationName: 'Coartem',
          dosage: '1 tab',
          frequency: 'bd',
          duration: '3d',
          quantity: '',
        },
      ],
      labTests: [{ testCode: 'USS' as const, urgency: 'Urgent' as const, instructions: '' }],
      charges: [{ key: 'x', description: 'Dressing', amount: '750' }],
    };
    const payload = toPayload('p-1', draft);
    expect(payload).toMatchObject({
      patientId: 'p-1',
      chiefComplaint: 'Fever',
      vitals: null,
      prescriptions: [{ medicationName: 'Coartem', quantity: 1, instructions: null }],
      labOrders: [{ testName: 'Ultrasound', testCode: 'USS', urgency: 'Urgent', instructions: null }],
      billing: {
        consultationFee: 5000,
        additionalCharges: [{ description: 'Dressing', amount: 750 }],
        totalAmount: 5750,
      },
    });
    expect(toPayload('p-1', { ...draft, pulseRate: '88' }).vitals).toMatchObject({ pulseRate: '88', weight: null });
  });

  it("places the server's field paths on the form's fields", () => {
    expect(draftFieldOf('vitals.pulseRate')).toBe('pulseRate');
    expect(draftFieldOf('prescriptions.2.dosage')).toBe('medications.2');
    expect(draftFieldOf('labOrders.0')).toBe('labTests');
    expect(draftFieldOf('billing.consultationFee')).toBe('consultationFee');
    expect(draftFieldOf('billing.additionalCharges.1.amount')).toBe('charges.1');
    expect(draftFieldOf('chiefComplaint')).toBe('chiefComplaint');
    expect(draftFieldOf('followUpDate')).toBeUndefined();
  });
});
