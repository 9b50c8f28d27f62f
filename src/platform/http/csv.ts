import { z } from 'zod';
import { wellFormed } from '../../shared/text';

/**
 * CSV as spreadsheets read it (RFC 4180, CRLF lines). A cell that starts with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, so Excel, LibreOffice and Sheets show it as text
 * instead of running it as a formula (OWASP "CSV injection"); quoting alone does not stop that.
 */
export function csvCell(value: unknown): string {
  // A number is a value, not a formula: a stock adjustment of -1 stays -1 in the sheet.
  if (typeof value === 'number') return String(value);
  // Text a person reads in a sheet: no lone surrogates, controls or bidi overrides (shared/text.ts).
  let text = value === null || value === undefined ? '' : wellFormed(String(value));
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole document: the header row, then one line per row, each cell through csvCell. */
export function csvDocument(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}

/** Headers for a CSV download named `filename` (letters, digits, dots, dashes and underscores kept). */
export function csvHeaders(filename: string) {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
    'cache-control': 'no-store',
  };
}

/** The OpenAPI answer of a route that sends a CSV file: `text/csv`, a string. */
export function csvAnswer(description: string) {
  return { description, content: { 'text/csv': { schema: z.string() } } };
}

/** The answer of a route that sends JSON (the envelope `json`) by default and CSV with `format=csv`. */
export function jsonOrCsvAnswer(json: z.ZodType, description: string) {
  return { description, content: { 'application/json': { schema: json }, 'text/csv': { schema: z.string() } } };
}
