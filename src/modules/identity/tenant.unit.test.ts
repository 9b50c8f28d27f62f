import { describe, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import type { TenantEvent } from './events';
import { tenantDecider } from './tenant';

const registered: TenantEvent = {
  type: 'TenantRegistered',
  data: { hospitalId: 'h-1', hospitalCode: 'HMS-7Q4K2X', name: 'Lagoon Hospital', status: 'active' },
};
const rename = (name: string) => ({ type: 'RenameTenant', hospitalId: 'h-1', name }) as const;

describe("identity's copy of a hospital", () => {
  it('takes a new name from Settings', () =>
    given(tenantDecider, [registered])
      .when(rename('Marina Specialist Hospital'))
      .then([{ type: 'TenantRenamed', data: { hospitalId: 'h-1', name: 'Marina Specialist Hospital' } }]));

  it('records nothing for the name it already has, after a rename too', () => {
    given(tenantDecider, [registered]).when(rename('Lagoon Hospital')).then([]);
    const renamed: TenantEvent = { type: 'TenantRenamed', data: { hospitalId: 'h-1', name: 'Marina' } };
    given(tenantDecider, [registered, renamed]).when(rename('Marina')).then([]);
  });

  it('records nothing for a hospital identity never registered', () =>
    given(tenantDecider, []).when(rename('Marina')).then([]));
});
