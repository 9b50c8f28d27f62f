import { describe, expect, it } from 'vitest';
import { reconnectDelay, realtimeUrl } from './schedule';

describe('reconnect schedule and address (product-spec-1 §4, §7)', () => {
  it('waits 3 s, doubling, for five attempts, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6].map(reconnectDelay)).toEqual([3000, 6000, 12_000, 24_000, 48_000, null]);
    expect(reconnectDelay(0)).toBeNull();
  });

  it('uses wss on an https page and ws on an http page, with the token in the query', () => {
    expect(realtimeUrl({ protocol: 'https:', host: 'hms.example.org' }, 'a b')).toBe(
      'wss://hms.example.org/ws?token=a%20b',
    );
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost:5000' }, 't')).toBe('ws://localhost:5000/ws?token=t');
  });
});
