import { zxcvbn, zxcvbnOptions } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { LOCAL_WORDS } from './local-words';
import { cut } from './text';

/**
 * The password policy for every password a person chooses (registration, change of password),
 * owned by identity and shared so the browser's strength meter applies the very rule the server
 * does (issue 34 §3). Pure: no hashing here (identity/passwords.ts). The browser loads it on
 * demand, with its dictionaries, only where a password is chosen.
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

export const WEAK_PASSWORD =
  'This password is too easy to guess. Use a longer one, such as a few unrelated words, and leave out your name, email and hospital.';

/**
 * zxcvbn's score runs 0-4; 3 is "safely unguessable" (about 10^8 guesses and up), which refuses
 * repeats and sequences (aaaaaa, abcdef), dictionary words with digits (hospital123), names and
 * places (nigeria), and passwords made of what the person typed about themselves.
 */
export const MIN_PASSWORD_SCORE = 3;
/** The estimator's work grows with the length; beyond this many characters a password is long enough. */
const ESTIMATED_LENGTH = 64;

let estimatorReady = false;
function estimate(password: string, userInputs: string[]) {
  if (!estimatorReady) {
    zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs });
    estimatorReady = true;
  }
  return zxcvbn(cut(password, ESTIMATED_LENGTH), userInputs);
}

/** What a person typed about themselves, whole and in words (an email's name and domain too). */
export function personalWords(inputs: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const value = (input ?? '').trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const word of value.split(/[^\p{L}\p{N}]+/u)) if (word.length >= 3) words.add(word);
  }
  return [...words];
}

/**
 * The password policy for every password a person chooses (registration, change of password):
 * the message, or null when the password is acceptable. The spec's length rules are checked
 * before, with the spec's messages; `userInputs` are the person's email, names and hospital.
 */
export function passwordPolicyError(
  password: string,
  userInputs: readonly (string | null | undefined)[] = [],
): string | null {
  if (isCommonPassword(password)) return COMMON_PASSWORD;
  const words = [...personalWords(userInputs), ...LOCAL_WORDS];
  if (estimate(password, words).score < MIN_PASSWORD_SCORE) return WEAK_PASSWORD;
  // zxcvbn rates any three pieces at 10^8 guesses or more, so "NgoziChukwuma1" would pass for
  // Ngozi Chukwuma: what is left once the person's own words are taken out must be strong itself.
  const rest = withoutWords(password, words);
  return rest !== password && estimate(rest, words).score < MIN_PASSWORD_SCORE ? WEAK_PASSWORD : null;
}

function withoutWords(password: string, words: string[]): string {
  let rest = password;
  for (const word of [...words].sort((x, y) => y.length - x.length)) {
    let at = rest.toLowerCase().indexOf(word);
    while (word.length >= 3 && at >= 0) {
      rest = rest.slice(0, at) + rest.slice(at + word.length);
      at = rest.toLowerCase().indexOf(word);
    }
  }
  return rest;
}

/** 0-4 as the policy sees it: a common password, or one that leans on the person's own words, scores at most 2. */
export function passwordScore(password: string, userInputs: readonly (string | null | undefined)[] = []): number {
  if (!password) return 0;
  const score = estimate(password, personalWords(userInputs)).score;
  return passwordPolicyError(password, userInputs) ? Math.min(score, MIN_PASSWORD_SCORE - 1) : score;
}
