import type { LabResults } from './api/lab-requests';

/** One line of the Enter Results form: a parameter measured and its value ('Haemoglobin', '13.2 g/dL'). */
export type ResultRow = { key: string; parameter: string; value: string };

/** The server's own message for a call without results. */
export const RESULTS_REQUIRED = 'Results are required';
export const NAME_EACH_VALUE = 'Please name each result value';
export const VALUE_FOR_EACH_NAME = 'Please enter a value for each parameter';
export const PARAMETER_TWICE = 'Each parameter can be entered only once';

export type RowErrors = Record<string, { parameter?: string; value?: string }>;
export type CheckedResults =
  { ok: true; results: Record<string, string> } | { ok: false; message: string; rows: RowErrors };

/**
 * The values of the form as the results call takes them ({ parameter: value }), or why they cannot
 * be sent: nothing entered, a value without a name, a name without a value, a parameter twice.
 * Lines left wholly blank are ignored.
 */
export function checkResults(rows: readonly ResultRow[]): CheckedResults {
  const results: Record<string, string> = {};
  const errors: RowErrors = {};
  const seen = new Set<string>();
  let first: string | null = null;
  const fail = (key: string, field: 'parameter' | 'value', message: string) => {
    errors[key] = { ...errors[key], [field]: message };
    first ??= message;
  };
  for (const row of rows) {
    const parameter = row.parameter.trim();
    const value = row.value.trim();
    if (!parameter && !value) continue;
    if (!parameter) fail(row.key, 'parameter', NAME_EACH_VALUE);
    else if (!value) fail(row.key, 'value', VALUE_FOR_EACH_NAME);
    else if (seen.has(parameter.toLowerCase())) fail(row.key, 'parameter', PARAMETER_TWICE);
    else {
      seen.add(parameter.toLowerCase());
      results[parameter] = value;
    }
  }
  if (first) return { ok: false, message: first, rows: errors };
  if (Object.keys(results).length === 0) {
    const key = rows[0]?.key;
    return { ok: false, message: RESULTS_REQUIRED, rows: key ? { [key]: { value: RESULTS_REQUIRED } } : {} };
  }
  return { ok: true, results };
}

/** Results as lines to read or print: a free-text report is one line without a name. */
export function resultLines(results: LabResults | null): { parameter: string | null; value: string }[] {
  if (results === null) return [];
  if (typeof results === 'string') return [{ parameter: null, value: results }];
  return Object.entries(results).map(([parameter, value]) => ({
    parameter,
    value: value === null ? '—' : String(value),
  }));
}
