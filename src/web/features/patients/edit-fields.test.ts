import { describe, expect, it } from 'vitest';
import { changedFields, fieldsOf, reapply, staleRows } from './edit-fields';
import { chiomaDetail } from './testing/patients-fixtures';

const loaded = fieldsOf(chiomaDetail);

describe('edit fields', () => {
  it("leaves the contact phone blank when the server answered the patient's own phone for it", () => {
    expect(loaded.emergencyContactPhone).toBe('');
  });

  it('lists only the fields that changed, trimmed', () => {
    expect(changedFields(loaded, { ...loaded, address: ' 3 Broad Street ', lastName: 'Nwosu ' })).toEqual({
      address: '3 Broad Street',
    });
  });

  it('lists what someone else changed and what I changed, marking a field both changed differently', () => {
    const current = { ...loaded, address: '5 Marina, Lagos', phoneNumber: '08039999999' };
    const form = { ...loaded, address: '7 Awolowo Road', firstName: 'Chi' };
    expect(staleRows(loaded, current, form)).toEqual([
      { field: 'firstName', theirs: 'Chioma', mine: 'Chi', conflict: false },
      { field: 'phoneNumber', theirs: '08039999999', mine: loaded.phoneNumber, conflict: false },
      { field: 'address', theirs: '5 Marina, Lagos', mine: '7 Awolowo Road', conflict: true },
    ]);
  });

  it('reapplies only my changes over the current record, keeping their other changes', () => {
    const current = { ...loaded, address: '5 Marina, Lagos', phoneNumber: '08039999999' };
    const form = { ...loaded, address: '7 Awolowo Road' };
    expect(reapply(loaded, current, form)).toEqual({ ...current, address: '7 Awolowo Road' });
  });
});
