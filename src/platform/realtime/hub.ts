import type { WebSocket } from 'ws';
import type { TokenClaims } from '../http/auth';
import type { Logger } from '../logger';
import { allowedChannels, channelsFor } from './channels';
import { safeText } from '../../shared/text';

/** Close codes the web client understands: 4401 no valid session at connect, 4001 session ended. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_SESSION_ENDED = 4001;
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_TOO_SLOW = 1013;

/** Every close code the hub sends, with what it means and what a client does (docs/websocket.md, AsyncAPI). */
export const CLOSE_CODES: readonly { code: number; meaning: string; client: string }[] = [
  { code: CLOSE_UNAUTHORIZED, meaning: 'no valid session at connect', client: 'sign in again' },
  {
    code: CLOSE_SESSION_ENDED,
    meaning: 'the session ended: logout, expiry, idle time-out, password or role change, deactivation',
    client: 'sign in again',
  },
  { code: CLOSE_GOING_AWAY, meaning: 'the server is shutting down', client: 'reconnect with backoff' },
  {
    code: CLOSE_TOO_SLOW,
    meaning: 'the socket fell more than 1 MiB behind',
    client: 'reconnect, then refetch the lists',
  },
];
/** A socket whose unsent backlog passes this is not keeping up; it is closed and will reconnect. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** `timestamp` defaults to the moment of sending; a notification carries the time of its event. */
export type RealtimeMessage = { type: string; data?: unknown; timestamp?: string };

/** All given conditions must hold; a socket is always confined to its own hospital. */
export type PublishFilter = {
  roles?: readonly string[];
  userIds?: readonly string[];
  channels?: readonly string[];
  /** Also to sockets of sessions still on a temporary password (news about the session itself). */
  includeRestricted?: boolean;
};

/** What modules use (platform.realtime). */
export interface Realtime {
  /** Sends to the matching sockets of `hospitalId` only; returns how many received it. */
  publish(hospitalId: string, message: RealtimeMessage, filter?: PublishFilter): number;
  /** Closes (4001) the sockets of one session; returns how many. */
  disconnectSession(sessionId: string, reason?: string): number;
  /** Closes (4001) every socket of a user, except those of `exceptSessionId`; returns how many. */
  disconnectUser(userId: string, reason?: string, exceptSessionId?: string): number;
  /** Closes (4001) every socket of a user opened with another role than `role` (a role change). */
  disconnectUserOfOtherRoles(userId: string, role: string, reason?: string): number;
  connectionCount(): number;
}

type Connection = {
  socket: WebSocket;
  claims: TokenClaims;
  token: string;
  channels: Set<string>;
  alive: boolean;
  /** The session must change its temporary password first: it receives nothing until then. */
  restricted: boolean;
};

/** A socket's session as the hub knows it: who, and whether it is still restricted. */
export type SocketSession = { claims: TokenClaims; restricted: boolean };

export type HubOptions = {
  /** The same check as every HTTP request: a valid token of an open session, or null. */
  authenticate: (token: string | null) => Promise<SocketSession | null>;
  log: Logger;
  /** Protocol pings to find dead peers. */
  heartbeatMs?: number;
  /** How often open sockets re-check their session (expiry, or an end this process missed). */
  revalidateMs?: number;
};

/**
 * The WebSocket hub behind /ws. Sockets are authenticated once at connect and then re-checked
 * periodically; modules end them at once through disconnectSession / disconnectUser when a
 * session ends. Messages are `{type, data, timestamp}` (product-spec-1 §7).
 */
/** A close reason within the protocol's 123 bytes of UTF-8, cut by code points, never inside one. */
function closeReason(reason: string): string {
  let out = safeText(reason, 120);
  while (Buffer.byteLength(out) > 123) out = Array.from(out).slice(0, -1).join('');
  return out;
}

export class RealtimeHub implements Realtime {
  private readonly connections = new Set<Connection>();
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(private readonly options: HubOptions) {}

  authenticate(token: string | null): Promise<SocketSession | null> {
    return this.options.authenticate(token);
  }

  start(): void {
    const heartbeat = setInterval(() => this.heartbeat(), this.options.heartbeatMs ?? 30_000);
    const revalidate = setInterval(() => void this.revalidate(), this.options.revalidateMs ?? 60_000);
    heartbeat.unref();
    revalidate.unref();
    this.timers.push(heartbeat, revalidate);
  }

  /** Takes over a freshly upgraded socket; no session closes it with 4401. */
  attach(socket: WebSocket, session: SocketSession | null, token: string | null): void {
    if (!session || !token) {
      socket.close(CLOSE_UNAUTHORIZED, 'Session expired. Please login again.');
      return;
    }
    const { claims, restricted } = session;
    const connection: Connection = {
      socket,
      claims,
      token,
      channels: new Set(channelsFor(claims.role)),
      alive: true,
      restricted,
    };
    this.connections.add(connection);
    socket.on('pong', () => (connection.alive = true));
    socket.on('message', (raw) => {
      connection.alive = true;
      this.onMessage(connection, raw.toString());
    });
    socket.on('close', () => this.connections.delete(connection));
    socket.on('error', (err) => this.options.log.debug({ err }, 'websocket error'));
    this.send(connection, {
      type: 'connection',
      data: {
        userId: claims.userId,
        role: claims.role,
        hospitalId: claims.hospitalId,
        channels: [...connection.channels],
      },
    });
  }

  publish(hospitalId: string, message: RealtimeMessage, filter: PublishFilter = {}): number {
    let sent = 0;
    // Serialised once for every socket it goes to, and only if one does.
    let frame: string | undefined;
    for (const c of this.connections) {
      if (c.claims.hospitalId !== hospitalId || (c.restricted && !filter.includeRestricted)) continue;
      if (filter.roles && !filter.roles.includes(c.claims.role)) continue;
      if (filter.userIds && !filter.userIds.includes(c.claims.userId)) continue;
      if (filter.channels && !filter.channels.some((ch) => c.channels.has(ch))) continue;
      frame ??= serialise(message);
      if (this.sendFrame(c, frame)) sent++;
    }
    return sent;
  }

  disconnectSession(sessionId: string, reason = 'Session ended'): number {
    return this.closeWhere((c) => c.claims.sessionId === sessionId, reason);
  }

  disconnectUser(userId: string, reason = 'Session ended', exceptSessionId?: string): number {
    return this.closeWhere((c) => c.claims.userId === userId && c.claims.sessionId !== exceptSessionId, reason);
  }

  disconnectUserOfOtherRoles(userId: string, role: string, reason = 'Session ended'): number {
    return this.closeWhere((c) => c.claims.userId === userId && c.claims.role !== role, reason);
  }

  connectionCount(): number {
    return this.connections.size;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers.length = 0;
    for (const c of this.connections) c.socket.close(CLOSE_GOING_AWAY, 'Server shutting down');
    this.connections.clear();
  }

  private closeWhere(match: (c: Connection) => boolean, reason: string): number {
    let closed = 0;
    for (const c of [...this.connections]) {
      if (!match(c)) continue;
      this.connections.delete(c);
      // Close reasons are limited to 123 bytes by the protocol.
      c.socket.close(CLOSE_SESSION_ENDED, closeReason(reason));
      closed++;
    }
    return closed;
  }

  private send(c: Connection, message: RealtimeMessage): boolean {
    return this.sendFrame(c, serialise(message));
  }

  /**
   * A peer that does not read its messages must not hold the others back, nor grow this
   * process's memory: past MAX_BUFFERED_BYTES unsent it is closed (1013) and its client reconnects.
   */
  private sendFrame(c: Connection, frame: string): boolean {
    if (c.socket.readyState !== c.socket.OPEN) return false;
    if (c.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.connections.delete(c);
      c.socket.close(CLOSE_TOO_SLOW, 'Connection too slow');
      return false;
    }
    c.socket.send(frame);
    return true;
  }

  private onMessage(c: Connection, raw: string): void {
    let message: { type?: unknown; data?: { channels?: unknown } } | null;
    try {
      message = JSON.parse(raw);
    } catch {
      message = null;
    }
    if (typeof message !== 'object' || message === null || typeof message.type !== 'string') {
      this.send(c, { type: 'error', data: { message: 'Malformed message: expected JSON {type, data, timestamp}' } });
      return;
    }
    switch (message.type) {
      case 'ping':
        this.send(c, { type: 'pong', data: {} });
        return;
      case 'subscribe':
        for (const ch of allowedChannels(c.claims.role, message.data?.channels)) c.channels.add(ch);
        this.send(c, { type: 'subscribed', data: { channels: [...c.channels] } });
        return;
      case 'unsubscribe':
        for (const ch of allowedChannels(c.claims.role, message.data?.channels)) c.channels.delete(ch);
        this.send(c, { type: 'unsubscribed', data: { channels: [...c.channels] } });
        return;
      default:
        // Answered, never fatal: the socket stays open for the messages it does understand.
        this.send(c, { type: 'error', data: { message: `Unknown message type: ${safeText(message.type, 40, '…')}` } });
        return;
    }
  }

  /** Dead peers: one missed pong (no pong or message for one to two heartbeats, 30–60 s) ends the socket. */
  private heartbeat(): void {
    for (const c of [...this.connections]) {
      if (!c.alive) {
        this.connections.delete(c);
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }

  private async revalidate(): Promise<void> {
    for (const c of [...this.connections]) {
      try {
        const session = await this.options.authenticate(c.token);
        if (!session) {
          this.connections.delete(c);
          c.socket.close(CLOSE_SESSION_ENDED, 'Session expired. Please login again.');
        } else c.restricted = session.restricted;
      } catch (err) {
        // A database hiccup must not drop every socket: try again at the next round.
        this.options.log.warn({ err }, 'websocket session re-check failed');
      }
    }
  }
}

function serialise(message: RealtimeMessage): string {
  return JSON.stringify({
    type: message.type,
    data: message.data ?? {},
    timestamp: message.timestamp ?? new Date().toISOString(),
  });
}
