import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  COMMON_PASSWORD,
  hashPassword,
  passwordHashCost,
  passwordPolicyError,
  personalWords,
  verifyPassword,
  WEAK_PASSWORD,
} from './passwords';

describe('the password policy', () => {
  it.each(['aaaaaa', 'abcdef', 'hospital123', 'nigeria', 'Lagos2024', 'qwertyuiop1'])(
    'refuses %s as guessable',
    (p) => {
      expect([WEAK_PASSWORD, COMMON_PASSWORD]).toContain(passwordPolicyError(p));
    },
  );

  it('names the guessable ones with its own message, and the most common with the common message', () => {
    expect(passwordPolicyError('hospital123')).toBe(WEAK_PASSWORD);
    expect(passwordPolicyError('nigeria')).toBe(WEAK_PASSWORD);
    expect(passwordPolicyError('Password1')).toBe(COMMON_PASSWORD);
  });

  it("refuses the person's own email, name or hospital, even dressed up", () => {
    const person = ['chiamaka.eze@okonjo-clinic.ng', 'Chiamaka Eze', 'Okonjo Specialist Clinic'];
    for (const p of ['chiamaka.eze@okonjo-clinic.ng', 'ChiamakaEze1', 'okonjoclinic', 'Okonjo-Specialist-Clinic-7'])
      expect(passwordPolicyError(p, person), p).toBe(WEAK_PASSWORD);
    // For somebody else an email is long and random enough: it is the person's own that is guessable.
    expect(passwordPolicyError('chiamaka.eze@okonjo-clinic.ng')).toBeNull();
    // Their words are fine beside enough of something else.
    expect(passwordPolicyError('Chiamaka-Harmattan-Breeze-2024', person)).toBeNull();
  });

  it('accepts a few unrelated words, and the passwords the fixtures and the demo use', () => {
    for (const p of ['Harmattan-Breeze-2024', 'Okra-Soup-77', 'Jollof-Rice-2025', 'Okra-Soup-Tuesday-42'])
      expect(passwordPolicyError(p, ['ada@stluke.test', 'Ada Okafor', 'St. Luke Clinic']), p).toBeNull();
    // scripts/seed-demo.ts: its admin and its staff, with their own emails and names.
    const demo = 'stnicholas-demo.example.com';
    const admin = [`admin@${demo}`, 'Dr. Folasade Adebayo-Cole', 'Medical Director', 'St. Nicholas Demo Hospital'];
    expect(passwordPolicyError('Lekki-Sunrise-Demo-2024!', admin)).toBeNull();
    expect(passwordPolicyError('Demo-Staff-2024!', [`lab.technician@${demo}`, 'Emeka Nwosu', 'Emeka'])).toBeNull();
    // The demo admin's former password is mostly the admin's own address.
    expect(passwordPolicyError('Demo-Admin-2024!', admin)).toBe(WEAK_PASSWORD);
  });

  it('estimates a very long password quickly and accepts it', () => {
    const started = performance.now();
    expect(passwordPolicyError('Zobo-'.repeat(25))).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('splits what a person typed into the words a password could borrow', () => {
    expect(personalWords([' Ada.Okafor@StLuke.test ', 'Ada Okafor', undefined, null, ''])).toEqual([
      'ada.okafor@stluke.test',
      'ada',
      'okafor',
      'stluke',
      'test',
      'ada okafor',
    ]);
  });
});

describe('password hashing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('hashes with argon2id at 19 MiB, 2 passes and one lane outside the test suite', async () => {
    vi.stubEnv('HMS_TEST_PASSWORD_HASH_COST', undefined);
    const stored = await hashPassword('Harmattan-Breeze-2024');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(await verifyPassword(stored, 'Harmattan-Breeze-2024')).toBe(true);
  });

  it('keeps the production cost in production even when the test switch is set', () => {
    expect(passwordHashCost({ HMS_TEST_PASSWORD_HASH_COST: 'cheap', NODE_ENV: 'production' })).toEqual({
      memoryCost: 19_456,
      timeCost: 2,
      parallelism: 1,
    });
    expect(passwordHashCost({})).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('hashes cheaply under the test switch, and such a hash still verifies', async () => {
    vi.stubEnv('HMS_TEST_PASSWORD_HASH_COST', 'cheap');
    const stored = await hashPassword('Okra-Soup-77');
    expect(stored.startsWith('$argon2id$v=19$m=1024,t=1,p=1$')).toBe(true);
    expect(await verifyPassword(stored, 'Okra-Soup-77')).toBe(true);
    expect(await verifyPassword(stored, 'Okra-Soup-78')).toBe(false);
  });
});

describe('local words (issue 33 §3)', () => {
  it.each([
    ['HospitalBravo2025!', ['Hospital Bravo']],
    ['Lagos@2025', []],
    ['Abuja2024!', []],
    ['Hospital123!', []],
  ])('refuses %s', (password, inputs) => {
    expect(passwordPolicyError(password, inputs)).not.toBeNull();
  });

  it('still accepts a long password of unrelated words', () => {
    expect(passwordPolicyError('Harmattan-Breeze-2024', ['Hospital Bravo'])).toBeNull();
  });
});
