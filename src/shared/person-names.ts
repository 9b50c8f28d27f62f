/**
 * People's names as staff type them: a title is sometimes typed into the name itself ("Dr Chinedu",
 * "Mrs. Ada"). Issue 34 §6: the UI must not double a title it adds ("Dr. Dr Chinedu Eze"), and a
 * greeting uses the first real name, not the title ("Hello Dr").
 */
const TITLES = new Set([
  'dr',
  'doctor',
  'prof',
  'professor',
  'nurse',
  'matron',
  'pharm',
  'pharmacist',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'sir',
  'chief',
  'alhaji',
  'alhaja',
  'rev',
  'engr',
  'barr',
]);

/** "Dr.", "dr", "DOCTOR" and "Pharm." are titles; "Drew" and "Doctorow" are names. */
export const isTitle = (word: string) => TITLES.has(word.toLowerCase().replace(/\.$/, ''));

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean);

/** The name without the titles typed at its start: "Dr. Dr Chinedu Eze" → "Chinedu Eze". */
export function withoutTitles(name: string): string {
  const parts = words(name);
  let i = 0;
  // A name that is only titles ("Dr") is kept as it is rather than emptied.
  while (i < parts.length - 1 && isTitle(parts[i]!)) i++;
  return parts.slice(i).join(' ');
}

/** The first word of the name that is not a title ("Dr Chinedu Eze" → "Chinedu"), or '' when none. */
export function firstRealName(...names: (string | null | undefined)[]): string {
  for (const name of names) {
    const real = words(name ?? '').find((w) => !isTitle(w));
    if (real) return real;
  }
  return '';
}

/** `title` and the name, the title said once: ("Dr.", "Dr Chinedu", "Eze") → "Dr. Chinedu Eze". */
export function titledName(title: string, ...parts: string[]): string {
  const name = withoutTitles(
    parts
      .map((p) => p.trim())
      .filter(Boolean)
      .join(' '),
  );
  if (!name || (isTitle(name) && !name.includes(' '))) return title;
  return `${title} ${name}`;
}
