import { describe, expect, it } from 'vitest';
import { duplicateKeys, PERSON_KEY, PHONE_KEY } from './duplicate-keys';

const ada = { firstName: 'Ada', lastName: 'Obi', dateOfBirth: '1990-05-01', phoneNumber: '+234 803 123 4567' };

describe("a patient's likely-duplicate keys", () => {
  it('are the phone however written and the names in any case with the birth date, in the hospital', () => {
    const keys = duplicateKeys('h1', ada);
    expect(keys.map((k) => k.scope)).toEqual([PHONE_KEY, PERSON_KEY]);
    expect(duplicateKeys('h1', { ...ada, phoneNumber: '0803-123-4567', firstName: 'ADA', lastName: 'obi' })).toEqual(
      keys,
    );
    expect(duplicateKeys('h2', ada)).not.toContainEqual(keys[0]);
    expect(duplicateKeys('h2', ada)).not.toContainEqual(keys[1]);
    expect(duplicateKeys('h1', { ...ada, dateOfBirth: '1990-05-02' })[1]).not.toEqual(keys[1]);
  });

  it('leave out a phone with too few digits to compare', () => {
    expect(duplicateKeys('h1', { ...ada, phoneNumber: '(0) 12-34-56' }).map((k) => k.scope)).toEqual([PERSON_KEY]);
  });

  it('cannot run one field into the next', () => {
    const a = duplicateKeys('h1', { ...ada, firstName: 'Ada Obi', lastName: 'X' })[1];
    const b = duplicateKeys('h1', { ...ada, firstName: 'Ada', lastName: 'Obi X' })[1];
    expect(a).not.toEqual(b);
  });
});
