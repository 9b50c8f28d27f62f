import { describe, expect, it } from 'vitest';
import {
  commonPasswordError,
  COMMON_PASSWORD,
  dummyVerify,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from './passwords';
import { permissionsFor, roleIdOf } from './permissions';
import { changePasswordErrors, doorFits, loginErrors, signInRefusal } from './sign-in-rules';
import { initialsOf } from './users';

describe('login form checks', () => {
  it.each([
    [
      {},
      [
        { field: 'email', message: 'Email is required' },
        { field: 'password', message: 'Password is required' },
      ],
    ],
    [{ email: 'ada@', password: 'secret1' }, [{ field: 'email', message: 'Please enter a valid email address' }]],
    [
      { email: 'ada@stluke.ng', password: 'abc' },
      [{ field: 'password', message: 'Password must be at least 6 characters' }],
    ],
    [{ email: ' ada@stluke.ng ', password: 'abcdef' }, []],
  ])('checks %j', (input, errors) => {
    expect(loginErrors(input)).toEqual(errors);
  });
});

describe('change password checks', () => {
  const none = () => null;
  it('requires the current and new passwords', () => {
    expect(changePasswordErrors({}, none)).toEqual([
      { field: 'currentPassword', message: 'Please fill in all required fields' },
      { field: 'newPassword', message: 'Please fill in all required fields' },
    ]);
  });
  it('applies the spec messages', () => {
    expect(changePasswordErrors({ currentPassword: 'old-one', newPassword: 'short' }, none)).toEqual([
      { field: 'newPassword', message: 'New password must be at least 6 characters long' },
    ]);
    expect(
      changePasswordErrors({ currentPassword: 'old-one', newPassword: 'new-one1', confirmPassword: 'new-one2' }, none),
    ).toEqual([{ field: 'confirmPassword', message: "New passwords don't match" }]);
    expect(changePasswordErrors({ currentPassword: 'same-one', newPassword: 'same-one' }, none)).toEqual([
      { field: 'newPassword', message: 'New password must be different from your current password' },
    ]);
    expect(changePasswordErrors({ currentPassword: 'old-one', newPassword: 'qwerty123' }, commonPasswordError)).toEqual(
      [{ field: 'newPassword', message: COMMON_PASSWORD }],
    );
  });
});

describe('doors and refusals', () => {
  it('sends admins to the admin door and everyone else to the staff door', () => {
    expect(doorFits('admin', 'admin')).toBe(true);
    expect(doorFits('admin', 'staff')).toBe(false);
    expect(doorFits('nurse', 'staff')).toBe(true);
    expect(doorFits('nurse', 'admin')).toBe(false);
  });

  const ok = { is_active: true, deleted: false, email_verified: true };
  const active = { status: 'active' };
  it.each([
    [ok, active, 'admin', null],
    [{ ...ok, is_active: false }, active, 'admin', 'Account inactive'],
    [{ ...ok, is_active: false }, active, 'staff', 'Account disabled'],
    [{ ...ok, deleted: true }, active, 'staff', 'Account disabled'],
    [{ ...ok, email_verified: false }, active, 'admin', 'Email not verified'],
    [ok, { status: 'inactive' }, 'staff', 'Hospital inactive'],
    [ok, null, 'admin', 'Hospital inactive'],
  ] as const)('refuses %j of hospital %j at the %s door with %j', (account, hospital, door, message) => {
    expect(signInRefusal(account, hospital, door)).toBe(message);
  });
});

describe('passwords', () => {
  it('refuses the most common passwords in any case, and accepts a rarer one', () => {
    for (const p of ['123456', 'password', 'Password1', 'QWERTY', 'iloveyou', 'dragon'])
      expect(isCommonPassword(p)).toBe(true);
    expect(isCommonPassword('Harmattan-Breeze-2024')).toBe(false);
    expect(commonPasswordError('letmein')).toBe('This password is too common. Choose a less predictable one.');
  });

  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Harmattan-Breeze-2024');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Harmattan-Breeze-2024')).toBe(true);
    expect(await verifyPassword(hash, 'harmattan-breeze-2024')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    await expect(dummyVerify('anything')).resolves.toBeUndefined();
  });
});

describe('staff user fields', () => {
  it('gives role ids of the spec, and the doctor id for an unknown role', () => {
    expect(
      ['admin', 'doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant'].map(roleIdOf),
    ).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(roleIdOf('janitor')).toBe(1);
  });

  it('grants the modules of the default access matrix', () => {
    const modules = (role: string) => permissionsFor(role).map((p) => p.module);
    expect(modules('receptionist')).toEqual(['Patient Management']);
    expect(modules('pharmacist')).toEqual(['Pharmacy', 'Report']);
    expect(modules('lab_technician')).toEqual(['Laboratory', 'Report']);
    expect(modules('accountant')).toEqual(['Billing & Invoicing', 'Report']);
    expect(modules('nurse')).toEqual(['Patient Management']);
    expect(modules('doctor')).toEqual(['Patient Management', 'Laboratory', 'Pharmacy', 'Report']);
    expect(permissionsFor('nurse')[0]!.actions).toEqual(['read', 'write', 'update', 'delete']);
  });

  it('makes initials from the first and last names', () => {
    expect(initialsOf('Ada Okafor')).toBe('AO');
    expect(initialsOf('Ada Chioma Okafor')).toBe('AO');
    expect(initialsOf('Ada')).toBe('AD');
  });
});
