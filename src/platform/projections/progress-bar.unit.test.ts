import { describe, expect, it } from 'vitest';
import { progressBar, progressLines } from './progress-bar';

describe('progressBar', () => {
  it('fills in proportion to the events applied', () => {
    expect(progressBar(1234, 5000)).toBe('[##........] 1234/5000 events');
    expect(progressBar(2500, 5000)).toBe('[#####.....] 2500/5000 events');
  });

  it('shows empty at the start and full at the end', () => {
    expect(progressBar(0, 5000)).toBe('[..........] 0/5000 events');
    expect(progressBar(5000, 5000)).toBe('[##########] 5000/5000 events');
  });

  it('shows a store with no events as done', () => {
    expect(progressBar(0, 0)).toBe('[##########] 0/0 events');
  });

  it('never overflows when more events arrived than were counted', () => {
    expect(progressBar(5100, 5000)).toBe('[##########] 5100/5100 events');
  });

  it('takes another width', () => {
    expect(progressBar(1, 4, 20)).toBe(`[${'#'.repeat(5)}${'.'.repeat(15)}] 1/4 events`);
  });
});

describe('progressLines', () => {
  it('draws a bar per projection with the names in one column', () => {
    expect(
      progressLines(
        [
          { name: 'audit-trail', done: 500 },
          { name: 'lab', done: 1000 },
        ],
        1000,
      ),
    ).toEqual(['audit-trail  [#####.....] 500/1000 events', 'lab          [##########] 1000/1000 events']);
  });
});
