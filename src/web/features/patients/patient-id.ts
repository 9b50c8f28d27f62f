/**
 * A new identification number (product-spec-2 §5): 'PAT', then the last 6 digits of the clock's
 * milliseconds, then 3 random digits. `random` is injectable so the result can be tested.
 */
export function generatePatientId(now: Date, random: () => number = Math.random): string {
  const clock = String(now.getTime()).slice(-6).padStart(6, '0');
  const tail = String(Math.floor(random() * 1000)).padStart(3, '0');
  return `PAT${clock}${tail}`;
}
