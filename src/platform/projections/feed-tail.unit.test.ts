import { describe, expect, it } from 'vitest';
import type { GlobalPosition, RecordedEvent } from '../event-store/port';
import { FeedTail } from './feed-tail';

const at = (n: number): GlobalPosition => [BigInt(100 + n), BigInt(n)];
const event = (n: number) => ({ id: `e${n}`, globalPosition: at(n) }) as unknown as RecordedEvent;
const events = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => event(from + i));
const ids = (page: RecordedEvent[]) => page.map((e) => e.id);

describe('FeedTail', () => {
  it('serves the pages after any position it holds, and nothing for one it does not', () => {
    const tail = new FeedTail(100);
    tail.add(null, events(1, 5));
    expect(ids(tail.after(null, 10))).toEqual(['e1', 'e2', 'e3', 'e4', 'e5']);
    expect(ids(tail.after(at(2), 2))).toEqual(['e3', 'e4']);
    expect(tail.after(at(5), 10)).toEqual([]);
    // A position between two held events is not one the feed gave: not served.
    expect(tail.after([102n, 3n], 10)).toEqual([]);
  });

  it('grows with the page read at its end and forgets its oldest events beyond its capacity', () => {
    const tail = new FeedTail(4);
    tail.add(null, events(1, 3));
    tail.add(at(3), events(4, 6));
    expect(ids(tail.after(at(2), 10))).toEqual(['e3', 'e4', 'e5', 'e6']);
    expect(tail.after(at(1), 10)).toEqual([]);
    expect(tail.after(null, 10)).toEqual([]);
  });

  it('starts over at a newer page read elsewhere, and ignores an older one', () => {
    const tail = new FeedTail(100);
    tail.add(at(10), events(11, 12));
    tail.add(at(1), events(2, 4));
    expect(ids(tail.after(at(10), 10))).toEqual(['e11', 'e12']);
    tail.add(at(20), events(21, 22));
    expect(tail.after(at(10), 10)).toEqual([]);
    expect(ids(tail.after(at(20), 10))).toEqual(['e21', 'e22']);
  });
});
