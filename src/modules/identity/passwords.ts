import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The password policy and hashing, owned by identity; other modules (hospitals for the onboarding
 * admin, staff for generated passwords) use it through identity's index.
 */

export const COMMON_PASSWORD = 'This password is too common. Choose a less predictable one.';

/**
 * The most used passwords, from zxcvbn's frequency-ordered list. 10 000 rather than the minimum
 * 1 000: those are the guesses an online attacker tries first, and the lockout allows only a few.
 */
export const COMMON_PASSWORD_COUNT = 10_000;
const common = new Set(dictionary.passwords.slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));

export function isCommonPassword(password: string): boolean {
  return common.has(password.trim().toLowerCase());
}

/** The policy as a field check: the message, or null when the password is acceptable. */
export function commonPasswordError(password: string): string | null {
  return isCommonPassword(password) ? COMMON_PASSWORD : null;
}

/** argon2id (the library default) with its default cost: 19 MiB, 2 passes, as OWASP recommends. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

export async function verifyPassword(passwordHash: string, plain: string): Promise<boolean> {
  try {
    return await verify(passwordHash, plain);
  } catch {
    // A malformed stored hash must read as "wrong password", never as a server error.
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * Verifies against a hash nobody knows the password of, so answering for an unknown email takes
 * as long as answering for a wrong password: the timing does not reveal which accounts exist.
 */
export async function dummyVerify(plain: string): Promise<void> {
  dummy ??= hash(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummy, plain);
}
