import { describe, expect, it } from 'vitest';
import {
  checkResults,
  NAME_EACH_VALUE,
  PARAMETER_TWICE,
  RANGE_NUMBERS,
  RESULTS_REQUIRED,
  resultLines,
  VALUE_FOR_EACH_NAME,
} from './results-form';

const row = (key: string, parameter: string, value: string) => ({ key, parameter, value });

describe('the Enter Results rules', () => {
  it('sends the named values, trimmed, and ignores blank lines', () => {
    expect(checkResults([row('a', ' Haemoglobin ', ' 13.2 g/dL '), row('b', '', ''), row('c', 'WBC', '6.1')])).toEqual({
      ok: true,
      results: { Haemoglobin: '13.2 g/dL', WBC: '6.1' },
    });
  });

  it("asks for results when nothing was entered, with the server's message", () => {
    expect(checkResults([row('a', 'Full Blood Count', '  ')])).toEqual({
      ok: false,
      message: VALUE_FOR_EACH_NAME,
      rows: { a: { value: VALUE_FOR_EACH_NAME } },
    });
    expect(checkResults([row('a', '', '')])).toEqual({
      ok: false,
      message: RESULTS_REQUIRED,
      rows: { a: { value: RESULTS_REQUIRED } },
    });
  });

  it('refuses a value without a name and a parameter entered twice, naming the line', () => {
    const checked = checkResults([row('a', 'WBC', '6.1'), row('b', '', '7'), row('c', 'wbc', '6.2')]);
    expect(checked).toEqual({
      ok: false,
      message: NAME_EACH_VALUE,
      rows: { b: { parameter: NAME_EACH_VALUE }, c: { parameter: PARAMETER_TWICE } },
    });
  });

  it('reads results back as lines, a free-text report as one unnamed line', () => {
    expect(resultLines({ Haemoglobin: '13.2 g/dL', WBC: 6.1, Note: null })).toEqual([
      { parameter: 'Haemoglobin', value: '13.2 g/dL' },
      { parameter: 'WBC', value: '6.1' },
      { parameter: 'Note', value: '—' },
    ]);
    expect(resultLines('All within range')).toEqual([{ parameter: null, value: 'All within range' }]);
    expect(resultLines(null)).toEqual([]);
  });

  it('sends every line as a structured value once one line has a unit or a range', () => {
    const rows = [
      { key: 'a', parameter: 'Haemoglobin', value: '9.1', unit: 'g/dL', low: '12', high: '16' },
      { key: 'b', parameter: 'MP', value: 'Not seen' },
    ];
    expect(checkResults(rows)).toEqual({
      ok: true,
      results: [
        { analyte: 'Haemoglobin', value: 9.1, unit: 'g/dL', referenceRange: { low: 12, high: 16 } },
        { analyte: 'MP', value: 'Not seen', unit: null, referenceRange: null },
      ],
    });
    expect(checkResults([{ key: 'a', parameter: 'Hb', value: '9', low: 'twelve' }])).toMatchObject({
      ok: false,
      message: RANGE_NUMBERS,
    });
  });

  it('reads structured values as lines with unit, flag and range', () => {
    const value = { analyte: 'HB', name: 'Haemoglobin', value: 9.1, unit: 'g/dL' };
    expect(resultLines([{ ...value, referenceRange: { low: 12, high: 16 }, interpretation: 'L' }])).toEqual([
      { parameter: 'Haemoglobin', value: '9.1 g/dL Low (range 12–16)' },
    ]);
  });
});
