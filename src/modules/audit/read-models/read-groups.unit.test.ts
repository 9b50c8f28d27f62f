import { describe, expect, it } from 'vitest';
import { groupSummary } from './read-groups';

describe('groupSummary', () => {
  it('says what a person viewed, how often and how many patients', () => {
    expect(groupSummary({ subjectType: 'patient', what: 'list', list: true, times: 6, patients: 14 })).toBe(
      'Viewed the patient list 6 times, 14 patients',
    );
    expect(groupSummary({ subjectType: 'patient', what: 'detail', list: false, times: 1, patients: 1 })).toBe(
      'Viewed patient detail once, 1 patient',
    );
    expect(groupSummary({ subjectType: 'notification', what: 'list', list: true, times: 2, patients: 0 })).toBe(
      'Viewed the notification list 2 times',
    );
  });

  it('names a record once when what was read is the record itself (not "invoice invoice")', () => {
    expect(groupSummary({ subjectType: 'invoice', what: 'invoice', list: false, times: 2, patients: 2 })).toBe(
      'Viewed invoice 2 times, 2 patients',
    );
    expect(groupSummary({ subjectType: 'claim', what: 'claim', list: true, times: 3, patients: 1 })).toBe(
      'Viewed the claim 3 times, 1 patient',
    );
  });
});
