/** product-spec-1 §4 and §9: heartbeat every 30 s; 5 reconnect attempts, 3 s base, doubling. */
export const HEARTBEAT_MS = 30_000;
export const RECONNECT_ATTEMPTS = 5;
export const RECONNECT_BASE_MS = 3000;

/** Close codes after which reconnecting cannot help: a deliberate close, or a session that ended (4001) or never was (4401). */
export const FINAL_CLOSE_CODES: ReadonlySet<number> = new Set([1000, 4001, 4401]);

/** The wait before reconnect attempt `attempt` (1-based): 3, 6, 12, 24, 48 s; null once the attempts are spent. */
export function reconnectDelay(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > RECONNECT_ATTEMPTS) return null;
  return RECONNECT_BASE_MS * 2 ** (attempt - 1);
}

/** ws: or wss: as the page is http: or https:, to /ws on the page's own host, with the token. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws?token=${encodeURIComponent(token)}`;
}
