/**
 * product-spec-1 §5: the full name is split on spaces — the first word is the first name, the rest the last name;
 * with a single word, that word is used for both.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const firstName = words[0] ?? '';
  const rest = words.slice(1).join(' ');
  return { firstName, lastName: rest || firstName };
}

export function fullNameOf(user: { firstName: string; lastName: string }): string {
  // A one-word name was stored as the same word twice; show it once.
  if (user.firstName === user.lastName) return user.firstName;
  return `${user.firstName} ${user.lastName}`.trim();
}
