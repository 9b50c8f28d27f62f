import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvHeaders } from './csv';

describe('CSV cells', () => {
  it('puts an apostrophe before a cell a spreadsheet would run as a formula', () => {
    expect(['=1+1', '+234', '-5', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+234",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });

  it('writes a negative number as a number (a stock adjustment), not as text', () => {
    expect([-1, -0.5, '-1'].map(csvCell)).toEqual(['-1', '-0.5', "'-1"]);
  });

  it('quotes commas, quotes and line breaks, and leaves plain text and numbers alone', () => {
    expect([' a,b', 'say "hi"', 'two\nlines', 'Ada Obi', 12, null].map(csvCell)).toEqual([
      '" a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      'Ada Obi',
      '12',
      '',
    ]);
    expect(csvDocument(['a', 'b'], [[1, '=x']])).toBe("a,b\r\n1,'=x\r\n");
  });

  it('names the download without characters that would break the header', () => {
    expect(csvHeaders('revenue "by" day.csv')['content-disposition']).toBe(
      'attachment; filename="revenue__by__day.csv"',
    );
  });
});
