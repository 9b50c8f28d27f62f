import { describe, expect, it } from 'vitest';
import { headerTitle } from './app-header';

const person = (name: string, firstName?: string) => ({ name, email: 'x@h.ng', initials: 'X', firstName });

describe('the header greeting', () => {
  it('greets with the first real name, not a title typed into it', () => {
    expect(headerTitle(person('Dr Chinedu Eze', 'Dr'), 'user')).toBe('Hello Chinedu');
    expect(headerTitle(person('Dr. Chinedu Eze', 'Dr. Chinedu'), 'user')).toBe('Hello Chinedu');
    expect(headerTitle(person('Ada Obi', 'Ada'), 'admin')).toBe('Hello Ada');
    expect(headerTitle(null, 'admin')).toBe('Hello Admin');
  });
});
