import { describe, expect, it } from 'vitest';
import { given } from '../../../test/helpers/given';
import type { HospitalRegistered } from './events';
import { HospitalAlreadyRegistered, hospitalDecider, HospitalNotFound } from './hospital';
import {
  generateHospitalCode,
  generateVerificationCode,
  hashVerificationCode,
  HOSPITAL_CODE_PATTERN,
} from './verification-code';

const registered: HospitalRegistered = {
  type: 'HospitalRegistered',
  data: {
    hospitalId: 'h-1',
    hospitalCode: 'HMS-7K3QX9MD',
    name: 'St. Luke Clinic',
    registrationNumber: 'RGN/LAG/2024/0001847',
    licenseNumber: 'HEFAMAA/LAG/2024/CLI/001234',
    hospitalNumber: 'DVC/2024/001234',
    email: 'info@stluke.ng',
    plan: 'clinic',
    status: 'active',
    setupStatus: 'incomplete',
    registrationId: 'r-1',
    adminUserId: 'u-1',
  },
};

describe('hospital decider', () => {
  it('registers a hospital once', () => {
    given(hospitalDecider).when({ type: 'RegisterHospital', hospital: registered.data }).then([registered]);
  });

  it('treats registering again for the same registration as done (a resumed verification)', () => {
    given(hospitalDecider, [registered]).when({ type: 'RegisterHospital', hospital: registered.data }).then([]);
  });

  it('refuses another registration on the same hospital id', () => {
    given(hospitalDecider, [registered])
      .when({ type: 'RegisterHospital', hospital: { ...registered.data, registrationId: 'r-2' } })
      .thenThrows(HospitalAlreadyRegistered);
  });

  it('changes the status, and not when it already has it', () => {
    const change = { type: 'ChangeHospitalStatus', hospitalId: 'h-1', status: 'inactive', reason: 'unpaid' } as const;
    given(hospitalDecider, [registered])
      .when(change)
      .then([{ type: 'HospitalStatusChanged', data: { hospitalId: 'h-1', status: 'inactive', reason: 'unpaid' } }]);
    given(hospitalDecider, [registered])
      .when({ ...change, status: 'active' })
      .then([]);
    given(hospitalDecider).when(change).thenThrows(HospitalNotFound);
  });
});

describe('codes', () => {
  it('draws 6-digit verification codes', () => {
    for (let i = 0; i < 200; i++) expect(generateVerificationCode()).toMatch(/^\d{6}$/);
  });

  it('hashes a code bound to its registration and the secret, never storing the code', () => {
    const h = hashVerificationCode('secret', 'r-1', '123456');
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(h).not.toContain('123456');
    expect(hashVerificationCode('secret', 'r-1', '123456')).toBe(h);
    expect(hashVerificationCode('secret', 'r-2', '123456')).not.toBe(h);
    expect(hashVerificationCode('other', 'r-1', '123456')).not.toBe(h);
  });

  it('draws Hospital IDs from an unambiguous alphabet', () => {
    const codes = new Set(Array.from({ length: 500 }, generateHospitalCode));
    expect(codes.size).toBe(500);
    for (const c of codes) expect(c).toMatch(HOSPITAL_CODE_PATTERN);
    expect([...codes].join('')).not.toMatch(/[ILOU]/);
  });
});
