import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import type { HttpApp } from '../../src/platform/platform';

export type LiveMessage = { type: string; data: Record<string, unknown>; timestamp: string };

/** The ws:// base of an app listening on a port (`app.listen({ port: 0 })` first). */
export function wsBase(app: HttpApp): string {
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * A signed-in /ws client that keeps everything it receives, for tests: `next(type, match?)`
 * waits for (and takes) the first unread message of a type; `received` keeps them all.
 */
export class LiveSocket {
  readonly received: LiveMessage[] = [];
  private readonly unread: LiveMessage[] = [];
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;

  constructor(
    readonly ws: WebSocket,
    readonly label = '',
  ) {
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as LiveMessage;
      this.received.push(m);
      this.unread.push(m);
      this.waiters.splice(0).forEach((w) => w());
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
  }

  static async connect(base: string, token: string, label = ''): Promise<LiveSocket> {
    const socket = new LiveSocket(new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`), label);
    await socket.next('connection');
    return socket;
  }

  async next(type: string, match: (m: LiveMessage) => boolean = () => true, timeoutMs = 10_000): Promise<LiveMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.unread.findIndex((m) => m.type === type && match(m));
      if (i >= 0) return this.unread.splice(i, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.label}: no ${type} message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(type: string, data: object = {}) {
    this.ws.send(JSON.stringify({ type, data, timestamp: new Date().toISOString() }));
  }

  sendRaw(text: string) {
    this.ws.send(text);
  }

  close() {
    this.ws.close(1000);
    return this.closed;
  }
}
