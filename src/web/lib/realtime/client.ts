import { FINAL_CLOSE_CODES, HEARTBEAT_MS, reconnectDelay } from './schedule';

export type RealtimeStatus = 'Disconnected' | 'Connecting' | 'Connected' | 'Error';

/** A server message (product-spec-1 §7): `{type, data, timestamp}`. */
export type ServerMessage = { type: string; data: Record<string, unknown>; timestamp: string };

type SocketLike = Pick<WebSocket, 'send' | 'close' | 'readyState'> & {
  onopen: ((ev: Event) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
};

export type RealtimeClientOptions = {
  url: () => string;
  onStatus: (status: RealtimeStatus) => void;
  onMessage: (message: ServerMessage) => void;
  /** Called when the server ends the session's socket (close code 4001/4401). */
  onSessionClosed?: (code: number, reason: string) => void;
  createSocket?: (url: string) => SocketLike;
};

const OPEN = 1;

/** Parses one frame; anything that is not `{type: string, …}` is logged and dropped (§8). */
export function parseServerMessage(raw: unknown): ServerMessage | null {
  if (typeof raw !== 'string') return null;
  try {
    const value = JSON.parse(raw) as Partial<ServerMessage> | null;
    if (!value || typeof value.type !== 'string') return null;
    const data = value.data && typeof value.data === 'object' ? value.data : {};
    return { type: value.type, data, timestamp: typeof value.timestamp === 'string' ? value.timestamp : '' };
  } catch {
    return null;
  }
}

/**
 * One realtime connection (product-spec-1 §4, §7): Connecting → Connected on open or on the
 * 'connection' message; a ping every 30 s; on an abnormal close, reconnects after 3, 6, 12, 24
 * and 48 s, the count reset by a successful connection; a deliberate `disconnect()` closes with
 * 1000 and never retries. A closed session (4001, 4401) is not retried either: the same token
 * would only be refused again.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private attempts = 0;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;

  constructor(private readonly options: RealtimeClientOptions) {}

  connect(): void {
    this.stopped = false;
    clearTimeout(this.retry);
    this.open();
  }

  disconnect(): void {
    this.stopped = true;
    clearTimeout(this.retry);
    this.stopHeartbeat();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'Client disconnect');
    }
    this.options.onStatus('Disconnected');
  }

  send(type: string, data: Record<string, unknown> = {}): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify({ type, data, timestamp: new Date().toISOString() }));
    return true;
  }

  private open() {
    this.options.onStatus('Connecting');
    const create = this.options.createSocket ?? ((url: string) => new WebSocket(url) as SocketLike);
    let socket: SocketLike;
    try {
      socket = create(this.options.url());
    } catch (error) {
      console.warn('Realtime connection could not start', error);
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.connected();
    socket.onerror = () => this.options.onStatus('Error');
    socket.onmessage = (event) => {
      const message = parseServerMessage(event.data);
      if (!message) {
        console.warn('Realtime message could not be read; ignored');
        return;
      }
      if (message.type === 'connection') this.connected();
      if (message.type === 'pong') return;
      this.options.onMessage(message);
    };
    socket.onclose = (event) => {
      this.socket = null;
      this.stopHeartbeat();
      if (this.stopped) return;
      if (FINAL_CLOSE_CODES.has(event.code)) {
        this.stopped = true;
        this.options.onStatus('Disconnected');
        if (event.code !== 1000) this.options.onSessionClosed?.(event.code, event.reason);
        return;
      }
      this.scheduleRetry();
    };
  }

  private connected() {
    this.attempts = 0;
    this.options.onStatus('Connected');
    if (this.heartbeat === undefined) this.heartbeat = setInterval(() => this.send('ping'), HEARTBEAT_MS);
  }

  private scheduleRetry() {
    const delay = reconnectDelay(++this.attempts);
    if (delay === null) {
      this.stopped = true;
      this.options.onStatus('Error');
      return;
    }
    this.options.onStatus('Disconnected');
    this.retry = setTimeout(() => this.open(), delay);
  }

  private stopHeartbeat() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}
