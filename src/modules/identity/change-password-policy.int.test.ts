import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { onboardHospital, randomIp, type Onboarded } from '../../../test/helpers/onboard';
import { createHospitalsModule } from '../hospitals';
import { WEAK_PASSWORD } from './passwords';
import { createIdentityModule } from '.';

/** Issue 21, item 6: a password a person chooses is refused when it is guessable, wherever it is set. */
describe('POST /api/admin/change-password and the password policy', () => {
  let t: TestApp;
  let a: Onboarded;
  const change = (newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/change-password',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${a.token}`,
        'x-forwarded-for': randomIp(),
      },
      payload: { currentPassword: a.adminPassword, newPassword, confirmPassword: newPassword },
    });

  beforeAll(async () => {
    t = await startTestApp({ modules: [createIdentityModule(), createHospitalsModule()] });
    a = await onboardHospital(t, {
      hospitalData: { name: 'Hospital Bravo' },
      adminData: { fullName: 'Ngozi Chukwuma' },
    });
  });
  afterAll(async () => t?.close());

  it.each([
    'aaaaaa',
    'abcdef',
    'hospital123',
    'nigeria',
    'the own email',
    'the own name',
    // Issue 33 §3: the person's own hospital, and Nigerian places and health words with a year.
    'HospitalBravo2025!',
    'Lagos@2025',
    'Abuja2024!',
    'Hospital123!',
  ])('refuses %s with the field reason the form shows', async (choice) => {
    const password = choice === 'the own email' ? a.adminEmail : choice === 'the own name' ? 'NgoziChukwuma1' : choice;
    const res = await change(password);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: 'Please check your input and try again',
      errors: [{ field: 'newPassword', message: WEAK_PASSWORD }],
    });
  });

  it('accepts a strong one', async () => {
    const res = await change('Calabar-Rainforest-Drum-8');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed successfully!');
  });
});
