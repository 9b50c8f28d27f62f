/**
 * Phone numbers as the front desk writes them: '+234 803 123 4567', '0803-123-4567',
 * '(0803) 123 4567', '803 123 4567' and '2348031234567' are one Nigerian number. Each is reduced
 * to its national significant number ('8031234567'): digits only, without an international
 * prefix (00), the country code 234 or the trunk 0. Numbers of other countries keep their digits.
 *
 * The patients list stores the same reduction in SQL (migration 0014, `phone_digits`); the unit
 * tests pin both to the same cases.
 */
const COUNTRY_CODE = '234';
/** A number after the country code has at least 9 digits (the shortest Nigerian NSN is 7, landlines 8–9 with area code). */
const MIN_AFTER_COUNTRY_CODE = 9;

export function normalisePhone(phone: string): string {
  let digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.startsWith(COUNTRY_CODE) && digits.length >= COUNTRY_CODE.length + MIN_AFTER_COUNTRY_CODE) {
    digits = digits.slice(COUNTRY_CODE.length).replace(/^0+/, '');
  }
  return digits;
}

/** Too few digits to say two numbers are the same person's (a malformed but accepted entry). */
export const MIN_COMPARABLE_DIGITS = 7;

/**
 * The digits a search term stands for when it reads as (part of) a phone number: only phone
 * characters and at least three digits. A fragment keeps its inner digits; only a leading
 * trunk 0 or a full country code (written with '+', or long enough to be a whole number) goes,
 * so '2345' still finds numbers containing 2345. Null when the term is not phone-like.
 */
export function phoneSearchDigits(term: string): string | null {
  const trimmed = term.trim();
  if (!/^[\d\s+\-().]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length < 3) return null;
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  digits = digits.replace(/^0+/, '');
  if (
    digits.startsWith(COUNTRY_CODE) &&
    (international || digits.length >= COUNTRY_CODE.length + MIN_AFTER_COUNTRY_CODE)
  ) {
    digits = digits.slice(COUNTRY_CODE.length).replace(/^0+/, '');
  }
  return digits.length > 0 ? digits : null;
}
