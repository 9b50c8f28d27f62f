import { interpret, templateOf, type Interpretation } from '../../../shared/lab-codes';
import type { LabResults, LabValueInput } from './api/lab-requests';

/**
 * One line of the Enter Results form: a parameter measured and its value ('Haemoglobin', '13.2 g/dL'),
 * and optionally its UCUM unit and the reference range it was read against.
 */
export type ResultRow = {
  key: string;
  parameter: string;
  value: string;
  unit?: string;
  low?: string;
  high?: string;
  /** A line of the test's template: left without a value, it is not sent (the analyte was not measured). */
  template?: boolean;
};

/** The server's own message for a call without results. */
export const RESULTS_REQUIRED = 'Results are required';
export const NAME_EACH_VALUE = 'Please name each result value';
export const VALUE_FOR_EACH_NAME = 'Please enter a value for each parameter';
export const PARAMETER_TWICE = 'Each parameter can be entered only once';
export const RANGE_NUMBERS = 'Please enter the reference range as numbers';
/** The server's own message for a range whose low end is above its high end. */
export const RANGE_BACKWARDS = 'The low end of a reference range cannot be above its high end';

export type RowErrors = Record<string, { parameter?: string; value?: string; range?: string }>;
export type CheckedResults =
  { ok: true; results: Record<string, string> | LabValueInput[] } | { ok: false; message: string; rows: RowErrors };

const NUMBER = /^-?\d+(\.\d+)?$/;
const bound = (text: string | undefined) => {
  const t = (text ?? '').trim();
  return t === '' ? null : NUMBER.test(t) ? Number(t) : NaN;
};
const isStructured = (row: ResultRow) => [row.unit, row.low, row.high].some((f) => (f ?? '').trim() !== '');

/** A row as a structured value: a plain number is sent as a number, anything else as a text finding. */
function structuredValue(row: ResultRow, fail: (field: 'range', message: string) => void): LabValueInput {
  const value = row.value.trim();
  const [low, high] = [bound(row.low), bound(row.high)];
  if (Number.isNaN(low) || Number.isNaN(high)) fail('range', RANGE_NUMBERS);
  else if (low !== null && high !== null && low > high) fail('range', RANGE_BACKWARDS);
  return {
    analyte: row.parameter.trim(),
    value: NUMBER.test(value) ? Number(value) : value,
    unit: (row.unit ?? '').trim() || null,
    referenceRange: low === null && high === null ? null : { low, high },
  };
}

/**
 * The values of the form as the results call takes them, or why they cannot be sent: nothing
 * entered, a value without a name, a name without a value, a parameter twice, a range that is not
 * two numbers in order. Lines left wholly blank are ignored. As soon as one line gives a unit or a
 * range, every line is sent as a structured value (analyte, value, unit, range) so the server can
 * code and flag it; otherwise as { parameter: value }, as before.
 */
export function checkResults(rows: readonly ResultRow[]): CheckedResults {
  const results: Record<string, string> = {};
  const structured: LabValueInput[] = [];
  const asValues = rows.some(isStructured);
  const errors: RowErrors = {};
  const seen = new Set<string>();
  let first: string | null = null;
  const fail = (key: string, field: 'parameter' | 'value' | 'range', message: string) => {
    errors[key] = { ...errors[key], [field]: message };
    first ??= message;
  };
  for (const row of rows) {
    const parameter = row.parameter.trim();
    const value = row.value.trim();
    if (!value && (!parameter || row.template)) continue;
    if (!parameter) fail(row.key, 'parameter', NAME_EACH_VALUE);
    else if (!value) fail(row.key, 'value', VALUE_FOR_EACH_NAME);
    else if (seen.has(parameter.toLowerCase())) fail(row.key, 'parameter', PARAMETER_TWICE);
    else {
      seen.add(parameter.toLowerCase());
      results[parameter] = value;
      if (asValues) structured.push(structuredValue(row, (field, message) => fail(row.key, field, message)));
    }
  }
  if (first) return { ok: false, message: first, rows: errors };
  if (Object.keys(results).length === 0) {
    const key = rows[0]?.key;
    return { ok: false, message: RESULTS_REQUIRED, rows: key ? { [key]: { value: RESULTS_REQUIRED } } : {} };
  }
  return { ok: true, results: asValues ? structured : results };
}

/**
 * The lines the form starts with: for a panel of the coded catalogue (FBC, urinalysis, LFT,
 * electrolytes, malaria parasite…) one line per analyte with its unit and usual range; for any
 * other test, one line named after the test, as before.
 */
export function templateRows(testCode: string, testName: string): ResultRow[] {
  const template = templateOf(testCode);
  if (template.length === 0) return [{ key: 'r0', parameter: testName, value: '' }];
  return template.map((x, i) => ({
    key: `r${i}`,
    parameter: x.name,
    value: '',
    unit: x.unit ?? '',
    low: x.range?.low?.toString() ?? '',
    high: x.range?.high?.toString() ?? '',
    template: true,
  }));
}

/** H above the line's range, L below it, as the value is typed; nothing for text, a normal value or no range. */
export function flagOf(row: ResultRow): Exclude<Interpretation, 'N'> | null {
  const value = row.value.trim();
  const [low, high] = [bound(row.low), bound(row.high)];
  if (!NUMBER.test(value) || Number.isNaN(low) || Number.isNaN(high)) return null;
  const flag = interpret(Number(value), { low, high });
  return flag === 'N' ? null : flag;
}

/** Results as lines to read or print: a free-text report is one line without a name. */
export function resultLines(results: LabResults | null): { parameter: string | null; value: string }[] {
  if (results === null) return [];
  if (typeof results === 'string') return [{ parameter: null, value: results }];
  if (Array.isArray(results)) {
    return results.map((v) => {
      const range = v.referenceRange ? ` (range ${v.referenceRange.low ?? ''}–${v.referenceRange.high ?? ''})` : '';
      const flag = v.interpretation === 'H' ? ' High' : v.interpretation === 'L' ? ' Low' : '';
      return { parameter: v.name, value: `${v.value}${v.unit ? ` ${v.unit}` : ''}${flag}${range}` };
    });
  }
  return Object.entries(results).map(([parameter, value]) => ({
    parameter,
    value: value === null ? '—' : String(value),
  }));
}
