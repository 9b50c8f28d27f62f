/**
 * Text as people and PostgreSQL read it: measured, cut and checked by code points, never by UTF-16
 * units. `s.slice(0, n)` can split a surrogate pair and leave half an emoji, a lone surrogate that
 * JSON (and so a jsonb column) cannot hold: one such cut once stopped the audit trail. Every place
 * that builds a sentence, a CSV cell, a log line or a mail from text it did not write cuts with
 * `cut` and cleans with `wellFormed`; the request edge refuses `hostileCharacter` outright.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');
/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they make a
 * record read differently from what it holds ("Trojan Source"). The marks LRM/RLM reorder nothing
 * and are left alone.
 */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const BIDI_CONTROLS = new RegExp(BIDI_CONTROL.source, 'g');
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const NUL = /\u0000/;
// eslint-disable-next-line no-control-regex -- C0 and C1 controls but tab, newline and carriage return
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

export type HostileCharacter = 'nul' | 'lone-surrogate' | 'bidi-control';

/** The first character of `text` that no request field may hold, or null. */
export function hostileCharacter(text: string): HostileCharacter | null {
  if (NUL.test(text)) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone-surrogate';
  if (BIDI_CONTROL.test(text)) return 'bidi-control';
  return null;
}

/** How many code points (characters as a person counts them, near enough) `text` has. */
export function codePointLength(text: string): number {
  let n = 0;
  // for…of walks code points; counting this way allocates nothing.
  for (const _ of text) n++;
  return n;
}

/**
 * The first `max` code points of `text`; when it was longer and `ellipsis` is given, the cut text
 * ends with it (within `max`). Never leaves half a surrogate pair.
 */
export function cut(text: string, max: number, ellipsis = ''): string {
  if (text.length <= max) return text; // at most `max` units is at most `max` code points
  const points = Array.from(text);
  if (points.length <= max) return text;
  const room = Math.max(0, max - codePointLength(ellipsis));
  return points.slice(0, room).join('') + (ellipsis && max >= codePointLength(ellipsis) ? ellipsis : '');
}

/**
 * `text` as JSON and PostgreSQL can hold it: each lone surrogate becomes U+FFFD and NUL, the other
 * control characters but tab and line breaks, and bidi controls are removed.
 */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATES, '\uFFFD').replace(CONTROLS, '').replace(BIDI_CONTROLS, '');
}

/** `wellFormed(cut(text, max))`: text from outside, made safe to store or show, in one call. */
export function safeText(text: string, max: number, ellipsis = ''): string {
  return cut(wellFormed(text), max, ellipsis);
}

/**
 * Every string in a JSON-like value (keys too) made `wellFormed`, to any depth; other values kept.
 * For data the server stores as jsonb that it did not validate itself.
 */
export function wellFormedDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return wellFormed(value);
  if (value === null || typeof value !== 'object' || depth > 32) return value;
  if (Array.isArray(value)) return value.map((v) => wellFormedDeep(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[wellFormed(k)] = wellFormedDeep(v, depth + 1);
  return out;
}

/**
 * A record id as a path parameter may hold it: ASCII letters and digits, then also `.`, `_`, `~`,
 * `:` and `-`, at most 100 characters. Every id the server makes (uuids, codes) fits; anything else
 * is no record of ours.
 */
export const RECORD_ID = /^[A-Za-z0-9][A-Za-z0-9._~:-]{0,99}$/;

/**
 * A value a client sent where an id belongs, as the trail may quote it: the id itself when well
 * formed, else its first 100 code points with everything outside printable ASCII escaped (`\u{1f600}`),
 * so the trail shows what was asked for without storing what was sent.
 */
export function quotedId(value: string): string {
  if (RECORD_ID.test(value)) return value;
  let out = '';
  for (const ch of cut(value, 100)) {
    const cp = ch.codePointAt(0)!;
    out += cp >= 0x20 && cp < 0x7f && ch !== '\\' ? ch : `\\u{${cp.toString(16)}}`;
  }
  return out;
}
