import { describe, expect, it } from 'vitest';
import { filterModules, isDirty, toggle } from './matrix-draft';

describe('the access matrix draft', () => {
  it('grants and takes a role, once', () => {
    const draft = { pharmacy: ['admin', 'doctor'] };
    expect(toggle(draft, 'pharmacy', 'pharmacist', true)).toEqual({ pharmacy: ['admin', 'doctor', 'pharmacist'] });
    expect(toggle(draft, 'pharmacy', 'doctor', true)).toEqual(draft);
    expect(toggle(draft, 'pharmacy', 'doctor', false)).toEqual({ pharmacy: ['admin'] });
  });

  it('is dirty only when a module has other roles, whatever the order', () => {
    expect(isDirty({ a: ['x', 'y'] }, { a: ['y', 'x'] })).toBe(false);
    expect(isDirty({ a: ['x'] }, { a: ['x', 'y'] })).toBe(true);
  });

  it('finds modules by part of their name', () => {
    const modules = [{ name: 'Pharmacy' }, { name: 'Patient Management' }, { name: 'Laboratory' }];
    expect(filterModules(modules, 'pa').map((m) => m.name)).toEqual(['Patient Management']);
    expect(filterModules(modules, ' ')).toHaveLength(3);
  });
});
