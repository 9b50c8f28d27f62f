import { describe, expect, it } from 'vitest';
import { menuFor } from './menus';

const labels = (roleId: number, role: string, modules?: string[]) =>
  menuFor(roleId, { role, permissions: modules?.map((module) => ({ module, actions: ['read'] })) }).map((i) => i.label);

describe('menus follow the access matrix', () => {
  it("shows a pharmacist's full menu with the default modules", () => {
    expect(labels(5, 'pharmacist', ['Pharmacy', 'Report'])).toEqual([
      'Dashboard',
      'Prescription Request',
      'Inventory Management',
      'Report',
    ]);
  });

  it('drops the items of a module the hospital took away', () => {
    expect(labels(5, 'pharmacist', ['Report'])).toEqual(['Dashboard', 'Report']);
    expect(labels(1, 'doctor', ['Patient Management', 'Report'])).toEqual(['Dashboard', 'Patients']);
    expect(labels(6, 'accountant', [])).toEqual(['Dashboard']);
    // The appointment book is Patient Management's too (the server refuses its routes alike).
    expect(labels(2, 'nurse', [])).toEqual(['Dashboard']);
    expect(labels(3, 'receptionist', ['Patient Management'])).toEqual(['Dashboard', 'Patients', 'Appointments']);
  });

  it('keeps every admin item, and hides nothing when no permission list came', () => {
    expect(labels(0, 'admin', [])).toHaveLength(12);
    expect(labels(4, 'lab_technician')).toEqual(['Dashboard', 'Test Request', 'Test Catalogue', 'Report']);
  });
});
