import { useEffect, useState } from 'react';
import styles from './password-strength.module.css';

/**
 * The rule the server applies to a chosen password (shared/password-policy.ts), said before submit
 * (issue 34 §3): the hint under the field and a strength meter scored by the same estimator. The
 * estimator and its dictionaries load on demand, only where a password is being chosen.
 */
export const PASSWORD_RULE =
  'At least 6 characters and hard to guess: a few unrelated words work well. Not a common password, and not your name, email or hospital.';

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;
/** The score the server asks for (MIN_PASSWORD_SCORE). */
const ENOUGH = 3;

type Scorer = (password: string, inputs: readonly (string | null | undefined)[]) => number;
let scorer: Promise<Scorer> | null = null;
const loadScorer = () => (scorer ??= import('../../shared/password-policy').then((m) => m.passwordScore));

export function strengthText(score: number, length: number): string {
  if (length < 6) return 'Too short: at least 6 characters';
  const label = LABELS[Math.max(0, Math.min(4, score))]!;
  return score >= ENOUGH ? `${label}: good to go` : `${label}: the server will refuse it; make it harder to guess`;
}

export function PasswordStrength({
  password,
  userInputs = [],
}: {
  password: string;
  userInputs?: readonly (string | null | undefined)[];
}) {
  const [score, setScore] = useState<number | null>(null);
  const inputsKey = userInputs.join('\u0000');

  useEffect(() => {
    if (!password) return setScore(null);
    let live = true;
    const timer = window.setTimeout(() => {
      void loadScorer().then((score) => {
        if (live) setScore(score(password, inputsKey.split('\u0000')));
      });
    }, 150);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [password, inputsKey]);

  if (!password) return null;
  const shown = score ?? 0;
  const length = Array.from(password).length;
  return (
    <div className={styles.strength}>
      <div
        className={styles.bar}
        role="meter"
        aria-label="Password strength"
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={shown}
        aria-valuetext={score === null ? 'Checking' : LABELS[shown]}
      >
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={`${styles.step} ${i < shown ? styles[`on${Math.min(shown, 4)}`] : ''}`} />
        ))}
      </div>
      <p className={styles.text} aria-live="polite">
        {score === null ? 'Checking strength...' : strengthText(shown, length)}
      </p>
    </div>
  );
}
