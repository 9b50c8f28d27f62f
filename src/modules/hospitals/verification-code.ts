import { createHmac, randomInt } from 'node:crypto';

/** A uniformly random 6-digit code from the CSPRNG (leading zeros kept). */
export function generateVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * The only form in which a code is stored. Keyed with the server secret and bound to the
 * registration, so a leaked event log does not let anyone test the million codes offline,
 * and one registration's code is worthless for another.
 */
export function hashVerificationCode(secret: string, registrationId: string, code: string): string {
  return createHmac('sha256', secret).update(`hms-verification:${registrationId}:${code.trim()}`).digest('hex');
}

// Crockford's base32 alphabet: no I, L, O or U, so a Hospital ID read aloud or retyped is unambiguous.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A human-facing Hospital ID such as HMS-7K3QX9MD (32^8 ≈ 10^12 values; uniqueness is reserved). */
export function generateHospitalCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(0, ALPHABET.length)];
  return `HMS-${code}`;
}

export const HOSPITAL_CODE_PATTERN = /^HMS-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{8}$/;
