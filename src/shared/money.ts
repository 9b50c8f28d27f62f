/**
 * Money as the hospital counts it: naira and kobo, kept as whole kobo (integers) everywhere, so
 * sums and splits never round. Shared by the server and the browser; pure and dependency-free.
 */
export const KOBO_PER_NAIRA = 100;

/** The largest amount a single figure may hold: ₦100,000,000. */
export const MAX_KOBO = 100_000_000 * KOBO_PER_NAIRA;

const nairaFormat = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 650050 → '₦6,500.50'. */
export function formatNaira(kobo: number): string {
  return nairaFormat.format(kobo / KOBO_PER_NAIRA);
}

/** 650050 → '6500.50' (a CSV cell, an input's value). */
export function koboToNairaText(kobo: number): string {
  const sign = kobo < 0 ? '-' : '';
  const abs = Math.abs(kobo);
  return `${sign}${Math.floor(abs / KOBO_PER_NAIRA)}.${String(abs % KOBO_PER_NAIRA).padStart(2, '0')}`;
}

/**
 * An amount of naira as typed ('6,500.5', '6500', 6500.25) → kobo, or null when it is not an
 * amount of naira and kobo (more than two decimals, not a number or numeric text, negative). Read from the
 * digits, never through a float, so '0.29' is 29 kobo and not 28.999….
 */
export function nairaToKobo(input: unknown): number | null {
  // Only a number or its text: String([1]) or String(true) would read as an amount.
  const text =
    typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : typeof input === 'string' ? input : '';
  const m = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim().replace(/,/g, ''));
  if (!m) return null;
  const kobo = Number(m[1]) * KOBO_PER_NAIRA + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(kobo) ? kobo : null;
}

/**
 * What is wrong with a naira amount as typed, or null when it is one: the server's words, which the
 * browser's forms say too before any call (so a person reads one message whichever side finds it).
 */
export function nairaProblem(v: unknown, label: string, positive = false): string | null {
  if (v === undefined || v === null || v === '') return `${label} is required`;
  const kobo = nairaToKobo(v);
  if (kobo === null) return `${label} must be an amount in naira with at most 2 decimals`;
  if (kobo > MAX_KOBO) return `${label} is too large`;
  if (positive && kobo === 0) return `${label} must be greater than zero`;
  return null;
}

/**
 * Splits `totalKobo` between a payer covering `percent` and the patient: the payer's share is
 * rounded down to the kobo, so any remainder lands on the patient's share and the two always add
 * up to the total.
 */
export function splitKobo(totalKobo: number, percent: number): { payerKobo: number; patientKobo: number } {
  const bounded = Math.min(100, Math.max(0, percent));
  // Percent may carry two decimals (12.5 %): work in hundredths of a percent, as integers.
  const payerKobo = Math.floor((totalKobo * Math.round(bounded * 100)) / 10_000);
  return { payerKobo, patientKobo: totalKobo - payerKobo };
}

/** RCT-000001: a hospital's receipt numbers, counted from 1. */
export function receiptNumber(n: number): string {
  return `RCT-${String(n).padStart(6, '0')}`;
}
