import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { passwordPolicyError } from '../../shared/password-policy';

export {
  COMMON_PASSWORD,
  COMMON_PASSWORD_COUNT,
  isCommonPassword,
  MIN_PASSWORD_SCORE,
  passwordPolicyError,
  personalWords,
  WEAK_PASSWORD,
} from '../../shared/password-policy';

/**
 * The password policy and hashing, owned by identity; other modules (hospitals for the onboarding
 * admin, staff for generated passwords) use it through identity's index.
 */

/** The policy as a field check without anything known about the person. */
export function commonPasswordError(password: string): string | null {
  return passwordPolicyError(password);
}

/**
 * Costs what hashing a chosen password costs, for the answers that store none (a registration for
 * an address that already has an account), so the time taken does not tell them apart.
 */
export async function equalisePasswordWork(plain: string): Promise<void> {
  await hash(plain, passwordHashCost());
}

/** argon2id (the library default) at OWASP's recommended cost: 19 MiB, 2 passes, one lane. */
export const PASSWORD_HASH_COST = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * The test suite hashes hundreds of passwords it throws away, so it asks for the smallest cost
 * (HMS_TEST_PASSWORD_HASH_COST=cheap, set by vitest's config only). Verifying reads the cost from
 * the stored hash, so a hash made either way verifies either way. Never honoured in production.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env) {
  if (env.HMS_TEST_PASSWORD_HASH_COST === 'cheap' && env.NODE_ENV !== 'production') {
    return { memoryCost: 1024, timeCost: 1, parallelism: 1 };
  }
  return PASSWORD_HASH_COST;
}

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, passwordHashCost());
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
  dummy ??= hash(randomBytes(24).toString('base64url'), passwordHashCost());
  await verifyPassword(await dummy, plain);
}
