import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, type RealtimeStatus, type ServerMessage } from './client';

/** A browser WebSocket stand-in the test drives: open it, send it frames, close it with a code. */
class FakeSocket {
  readyState = 0;
  sent: { type: string }[] = [];
  closedWith: number | null = null;
  onopen: ((ev: Event) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  constructor(readonly url: string) {}
  send(frame: string) {
    this.sent.push(JSON.parse(frame));
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(frame: string) {
    this.onmessage?.({ data: frame } as MessageEvent);
  }
  drop(code = 1006, reason = '') {
    this.readyState = 3;
    this.onclose?.({ code, reason } as CloseEvent);
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const statuses: RealtimeStatus[] = [];
  const messages: ServerMessage[] = [];
  const sessionClosed = vi.fn();
  const client = new RealtimeClient({
    url: () => 'ws://test/ws?token=t',
    onStatus: (s) => statuses.push(s),
    onMessage: (m) => messages.push(m),
    onSessionClosed: sessionClosed,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
  });
  return { client, sockets, statuses, messages, sessionClosed, last: () => sockets[sockets.length - 1]! };
}

describe('the realtime client', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('connects, pings every 30 s and hands on every message but pong', () => {
    const { client, statuses, messages, last } = setup();
    client.connect();
    expect(statuses).toEqual(['Connecting']);
    last().open();
    expect(statuses.at(-1)).toBe('Connected');
    vi.advanceTimersByTime(29_999);
    expect(last().sent).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.advanceTimersByTime(30_000);
    expect(last().sent.map((m) => m.type)).toEqual(['ping', 'ping']);
    last().receive(JSON.stringify({ type: 'pong', data: {}, timestamp: 'x' }));
    last().receive(JSON.stringify({ type: 'patient_created', data: { notify: true }, timestamp: 'x' }));
    expect(messages.map((m) => m.type)).toEqual(['patient_created']);
  });

  it('ignores a frame it cannot read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { client, messages, last } = setup();
    client.connect();
    last().open();
    last().receive('not json');
    last().receive(JSON.stringify({ data: {} }));
    expect(messages).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('reconnects after an abnormal close at 3, 6, 12, 24 and 48 s, then stops with Error', () => {
    const { client, sockets, statuses, last } = setup();
    client.connect();
    last().open();
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const before = sockets.length;
      last().drop(1006);
      let waited = 0;
      while (sockets.length === before) {
        vi.advanceTimersByTime(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([3000, 6000, 12_000, 24_000, 48_000]);
    last().drop(1006);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets).toHaveLength(6);
    expect(statuses.at(-1)).toBe('Error');
  });

  it('starts the count again after a successful connection', () => {
    const { client, sockets, last } = setup();
    client.connect();
    last().open();
    last().drop(1006);
    vi.advanceTimersByTime(3000);
    last().drop(1006);
    vi.advanceTimersByTime(6000);
    expect(sockets).toHaveLength(3);
    // The server's 'connection' greeting counts as connected too.
    last().receive(JSON.stringify({ type: 'connection', data: {}, timestamp: 'x' }));
    last().drop(1006);
    vi.advanceTimersByTime(2999);
    expect(sockets).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(4);
  });

  it('does not reconnect after a close with 1000, after disconnect(), or when the session has ended', () => {
    const normal = setup();
    normal.client.connect();
    normal.last().open();
    normal.last().drop(1000);
    vi.advanceTimersByTime(60_000);
    expect(normal.sockets).toHaveLength(1);
    expect(normal.statuses.at(-1)).toBe('Disconnected');

    const deliberate = setup();
    deliberate.client.connect();
    deliberate.last().open();
    deliberate.client.disconnect();
    expect(deliberate.last().closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(deliberate.sockets).toHaveLength(1);
    expect(deliberate.statuses.at(-1)).toBe('Disconnected');
    vi.advanceTimersByTime(30_000);
    expect(deliberate.last().sent).toEqual([]);

    const ended = setup();
    ended.client.connect();
    ended.last().open();
    ended.last().drop(4001, 'Account deactivated');
    vi.advanceTimersByTime(60_000);
    expect(ended.sockets).toHaveLength(1);
    expect(ended.sessionClosed).toHaveBeenCalledWith(4001, 'Account deactivated');
  });
});
