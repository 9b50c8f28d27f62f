import { useEffect, useRef } from 'react';
import type { ServerMessage } from './client';

type Listener = (message: ServerMessage) => void;
const listeners = new Set<Listener>();

/** Hands a delivered message to every screen listening (the live connection calls this). */
export function emitLiveEvent(message: ServerMessage): void {
  for (const listener of [...listeners]) {
    try {
      listener(message);
    } catch (error) {
      console.warn('A live event listener failed', error);
    }
  }
}

/** Emitted by the live connection when it connects again after a loss: what happened meanwhile was not pushed. */
export const RECONNECTED = 'reconnected';

/**
 * Calls `onEvent` for every delivered message of `types`, whether or not it notifies: lists
 * follow every change they are sent, the bell only `notify: true` ones. Include RECONNECTED to
 * hear when the connection comes back, after which anything missed while offline should be refetched.
 */
export function useLiveEvents(types: readonly string[], onEvent: (message: ServerMessage) => void): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const key = types.join('|');
  useEffect(() => {
    const wanted = new Set(key.split('|'));
    const listener: Listener = (message) => {
      if (wanted.has(message.type)) handler.current(message);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [key]);
}

/**
 * Refetches after messages of `types` (and after a reconnection), once per burst: messages
 * within `delayMs` of each other collapse into one `refresh`.
 */
export function useLiveRefresh(types: readonly string[], refresh: () => void, delayMs = 250): void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(refresh);
  latest.current = refresh;
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents([...types, RECONNECTED], () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), delayMs);
  });
}
