import { describe, expect, it } from 'vitest';
import { normaliseMatrix } from '../../shared/access-matrix';
import type { AccessControlEvent } from './events';
import { accessMatrixDecider, AdminAccessRequired, type AccessMatrixCommand } from './matrix';

const given = (events: AccessControlEvent[]) => ({
  when: (command: AccessMatrixCommand) =>
    accessMatrixDecider.decide(command, events.reduce(accessMatrixDecider.evolve, accessMatrixDecider.initialState())),
});
const revokedPharmacy: AccessControlEvent = {
  type: 'AccessMatrixChanged',
  data: {
    hospitalId: 'h1',
    reason: 'saved',
    changes: [{ module: 'pharmacy', granted: [], revoked: ['pharmacist'] }],
    matrix: normaliseMatrix({ pharmacy: ['admin', 'doctor'] }),
  },
};

describe('the access matrix decider', () => {
  it('records what moved and the whole matrix afterwards', () => {
    const events = given([]).when({
      type: 'SaveAccessMatrix',
      hospitalId: 'h1',
      modules: { pharmacy: ['admin', 'doctor'], laboratory: ['admin', 'doctor', 'lab_technician', 'nurse'] },
    });
    expect(events).toHaveLength(1);
    expect(events[0]!.data.changes).toEqual([
      { module: 'laboratory', granted: ['nurse'], revoked: [] },
      { module: 'pharmacy', granted: [], revoked: ['pharmacist'] },
    ]);
    expect(events[0]!.data.matrix.pharmacy).toEqual(['admin', 'doctor']);
    expect(events[0]!.data.matrix.patients).toEqual(['admin', 'doctor', 'nurse', 'receptionist']);
  });

  it('writes nothing when the save changes nothing', () => {
    expect(
      given([revokedPharmacy]).when({
        type: 'SaveAccessMatrix',
        hospitalId: 'h1',
        modules: { pharmacy: ['doctor', 'admin'] },
      }),
    ).toEqual([]);
  });

  it("refuses a save that takes the admin's access away", () => {
    expect(() =>
      given([]).when({ type: 'SaveAccessMatrix', hospitalId: 'h1', modules: { billing: ['accountant'] } }),
    ).toThrow(AdminAccessRequired);
  });

  it('resets to the defaults, and only when something differs', () => {
    const [reset] = given([revokedPharmacy]).when({ type: 'ResetAccessMatrix', hospitalId: 'h1' });
    expect(reset!.data).toMatchObject({
      reason: 'reset',
      changes: [{ module: 'pharmacy', granted: ['pharmacist'], revoked: [] }],
    });
    expect(given([]).when({ type: 'ResetAccessMatrix', hospitalId: 'h1' })).toEqual([]);
  });
});
