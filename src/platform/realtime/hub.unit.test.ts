import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import type { TokenClaims } from '../http/auth';
import { createLogger } from '../logger';
import { RealtimeHub } from './hub';

/** Just enough of a ws socket for the hub: what it sends, how it was closed, a settable backlog. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  terminated = false;
  pings = 0;
  send(frame: string) {
    this.sent.push(frame);
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  ping() {
    this.pings++;
  }
  types() {
    return this.sent.map((f) => (JSON.parse(f) as { type: string }).type);
  }
}

const claims = (userId: string): TokenClaims => ({
  userId,
  role: 'doctor',
  hospitalId: 'h1',
  sessionId: `s-${userId}`,
  name: userId,
});

function hubWith(...ids: string[]) {
  // Every session stays valid: only the heartbeat ends sockets here.
  const hub = new RealtimeHub({
    authenticate: async (token) => (token ? { claims: claims(token.replace('token-', '')), restricted: false } : null),
    log: createLogger('silent'),
    heartbeatMs: 30_000,
  });
  const sockets = ids.map((id) => {
    const socket = new FakeSocket();
    hub.attach(socket as unknown as WebSocket, { claims: claims(id), restricted: false }, `token-${id}`);
    return socket;
  });
  return { hub, sockets };
}

describe('the hub drops peers that cannot keep up', () => {
  afterEach(() => vi.useRealTimers());

  it('closes (1013) a socket whose unsent backlog passes 1 MiB, and still sends to the others', () => {
    const { hub, sockets } = hubWith('slow', 'fast');
    const [slow, fast] = sockets as [FakeSocket, FakeSocket];
    slow.bufferedAmount = 1024 * 1024 + 1;
    expect(hub.publish('h1', { type: 'patient_created', data: {} })).toBe(1);
    expect(slow.closedWith).toBe(1013);
    expect(fast.types()).toEqual(['connection', 'patient_created']);
    expect(hub.connectionCount()).toBe(1);
  });

  it('ends a socket that answers no ping within a heartbeat (30–60 s of silence), and keeps one that does', async () => {
    vi.useFakeTimers();
    const { hub, sockets } = hubWith('dead', 'alive');
    const [dead, alive] = sockets as [FakeSocket, FakeSocket];
    hub.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(dead.pings).toBe(1);
    alive.emit('pong');
    await vi.advanceTimersByTimeAsync(29_000);
    expect(dead.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(dead.terminated).toBe(true);
    expect(alive.terminated).toBe(false);
    expect(hub.connectionCount()).toBe(1);
    await hub.close();
  });
});
