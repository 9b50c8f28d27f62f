import { describe, expect, it } from 'vitest';
import { statusLabel, statusTone } from './patient-statuses';

describe('patient statuses (product-spec-1 §4)', () => {
  it("shows consultation as 'In Consultation' and refer for test as 'Referred for Test'", () => {
    expect(statusLabel('consultation')).toBe('In Consultation');
    expect(statusLabel('Refer for test')).toBe('Referred for Test');
    expect(statusLabel('waiting')).toBe('Waiting');
  });

  it('keeps an unknown status as the server wrote it, with the grey badge', () => {
    expect(statusLabel('admitted')).toBe('admitted');
    expect(statusTone('admitted')).toBe('grey');
  });
});
