import { describe, expect, it } from 'vitest';
import { firstRealName, isTitle, titledName, withoutTitles } from './person-names';

describe('person names', () => {
  it('knows a title from a name that starts like one', () => {
    for (const t of ['Dr', 'Dr.', 'dr', 'Doctor', 'Nurse', 'Pharm.', 'Mr', 'Mrs.', 'Prof.'])
      expect(isTitle(t)).toBe(true);
    for (const n of ['Drew', 'Doctorow', 'Chinedu', 'Mrsa']) expect(isTitle(n)).toBe(false);
  });

  it('adds a title once, whatever was typed into the name', () => {
    expect(titledName('Dr.', 'Dr', 'Chinedu Eze')).toBe('Dr. Chinedu Eze');
    expect(titledName('Dr.', 'Dr. Chinedu', 'Eze')).toBe('Dr. Chinedu Eze');
    expect(titledName('Dr.', 'Doctor Chinedu', 'Eze')).toBe('Dr. Chinedu Eze');
    expect(titledName('Dr.', 'Chinedu', 'Eze')).toBe('Dr. Chinedu Eze');
    expect(titledName('Dr.', 'Drew', 'Obi')).toBe('Dr. Drew Obi');
    expect(titledName('Dr.', 'Dr', '')).toBe('Dr.');
  });

  it('greets with the first real name', () => {
    expect(firstRealName('Dr Chinedu Eze')).toBe('Chinedu');
    expect(firstRealName('Dr.', 'Dr. Chinedu Eze')).toBe('Chinedu');
    expect(firstRealName('Pharm. Ngozi')).toBe('Ngozi');
    expect(firstRealName('Dr', '')).toBe('');
    expect(withoutTitles('Mrs. Ada Obi')).toBe('Ada Obi');
  });
});
