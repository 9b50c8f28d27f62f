import { describe, expect, it } from 'vitest';
import { codePointLength, cut, hostileCharacter, quotedId, wellFormed, wellFormedDeep } from './text';

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const jsonRoundTrips = (s: string) => !loneSurrogate.test(s);

describe('cut', () => {
  it('never splits a surrogate pair, at any cut position', () => {
    const text = 'AAAAAAA😀B𝄞C';
    for (let max = 0; max <= 12; max++) {
      const out = cut(text, max);
      expect(jsonRoundTrips(out), `cut at ${max}: ${JSON.stringify(out)}`).toBe(true);
      expect(codePointLength(out)).toBe(Math.min(max, codePointLength(text)));
    }
    // The case that stopped the trail: `slice(0, 8)` keeps half of the emoji.
    expect(jsonRoundTrips('AAAAAAA😀'.slice(0, 8))).toBe(false);
    expect(cut('AAAAAAA😀xyz', 8)).toBe('AAAAAAA😀');
  });

  it('ends a cut text with the ellipsis, within the limit', () => {
    expect(cut('abcdef', 4, '…')).toBe('abc…');
    expect(cut('abc', 4, '…')).toBe('abc');
    expect(cut('😀😀😀😀😀', 3, '…')).toBe('😀😀…');
  });
});

describe('hostileCharacter', () => {
  it.each([
    ['a\u0000b', 'nul'],
    ['a\uD800b', 'lone-surrogate'],
    ['a\uDC00', 'lone-surrogate'],
    ['ID\u202E123', 'bidi-control'],
    ['\u2066x\u2069', 'bidi-control'],
  ])('finds %j as %s', (text, kind) => {
    expect(hostileCharacter(text)).toBe(kind);
  });

  it('lets ordinary text through: accents, emoji, Arabic with its marks, Yoruba tone marks', () => {
    for (const text of ['Ọláolúwa Adébáyọ̀', 'Chiamaka 😀', 'مرحبا\u200F', 'tab\tand\nnewline']) {
      expect(hostileCharacter(text)).toBeNull();
    }
  });
});

describe('wellFormed', () => {
  it('replaces lone surrogates and drops NUL, controls and bidi controls', () => {
    expect(wellFormed('a\uD800b\u0000c\u0007d\u202Ee')).toBe('a\uFFFDbcde');
    expect(wellFormed('ok 😀\tline\n')).toBe('ok 😀\tline\n');
  });

  it('cleans keys and values at any depth', () => {
    expect(wellFormedDeep({ 'k\uD800': ['x\u0000', { y: 'z\uDC00' }], n: 1, b: null })).toEqual({
      'k\uFFFD': ['x', { y: 'z\uFFFD' }],
      n: 1,
      b: null,
    });
  });
});

describe('quotedId', () => {
  it('keeps a well-formed id and escapes anything else, by code point', () => {
    expect(quotedId('7f9c2ba4-e88f-11ea-adc1-0242ac120002')).toBe('7f9c2ba4-e88f-11ea-adc1-0242ac120002');
    expect(quotedId('AAAAAAA😀')).toBe('AAAAAAA\\u{1f600}');
    expect(quotedId('a\uD800')).toBe('a\\u{d800}');
    expect(quotedId('x\\y')).toBe('x\\u{5c}y');
  });
});
