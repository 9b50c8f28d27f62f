import { describe, expect, it } from 'vitest';
import { shareAnswer, sharingSerializer } from './shared-answers';

describe('shared answers', () => {
  /** A route's serializer that counts its work and writes the route's name into the text. */
  const counting = () => {
    const calls: string[] = [];
    const compiler = sharingSerializer<unknown>(({ url }) => (data) => {
      calls.push(url);
      return JSON.stringify({ url, data });
    });
    return { calls, compile: (url: string) => compiler({ url, method: 'GET', schema: {}, httpStatus: '200' }) };
  };

  it('serialises a shared answer once per route, and every other answer each time', () => {
    const { calls, compile } = counting();
    const list = compile('/list');
    const answer = shareAnswer({ success: true, data: { n: 1 } });
    const texts = [list(answer), list(answer), list(answer)];
    expect(new Set(texts)).toEqual(new Set([JSON.stringify({ url: '/list', data: answer })]));
    const own = { success: true, data: { n: 2 } };
    list(own);
    list(own);
    expect(calls).toEqual(['/list', '/list', '/list']);
    // Another route never sends this route's text.
    expect(compile('/other')(answer)).toBe(JSON.stringify({ url: '/other', data: answer }));
  });

  it('freezes a shared answer: nobody changes what other callers are sent', () => {
    const answer = shareAnswer({ success: true, data: { n: 1 } });
    expect(Object.isFrozen(answer)).toBe(true);
  });
});
