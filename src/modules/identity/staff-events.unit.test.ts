import { describe, expectTypeOf, it } from 'vitest';
import type { StaffMemberEvent as Published } from '../staff';
import type { StaffMemberEvent as Mirrored } from './staff-events';

describe("identity's mirror of the staff events", () => {
  it('matches what the staff module publishes (a type check: drift fails `tsc`)', () => {
    expectTypeOf<Published>().toEqualTypeOf<Mirrored>();
  });
});
