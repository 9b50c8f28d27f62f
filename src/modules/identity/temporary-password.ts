import { randomInt } from 'node:crypto';

/**
 * Temporary passwords for new staff, read off an email and typed by hand: no characters that
 * look alike (0/O/o, 1/l/I), no '=' or quotes that mail encodings or copy-paste mangle, and
 * every class present. 14 characters from 65 symbols is about 84 bits: far beyond guessing.
 */
const CLASSES = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnpqrstuvwxyz', '23456789', '!@#$%*?-+'] as const;
const ALL = CLASSES.join('');
export const TEMPORARY_PASSWORD_LENGTH = 14;
/** A temporary password opens sessions for this long after it is issued; then the admin re-invites. */
export const TEMPORARY_PASSWORD_HOURS = 72;

export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const chars = CLASSES.map((c) => c[randomInt(c.length)]!);
  while (chars.length < length) chars.push(ALL[randomInt(ALL.length)]!);
  // Fisher–Yates, so the guaranteed characters are not always the first four.
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}

export const PASSWORD_ALPHABET = CLASSES;
