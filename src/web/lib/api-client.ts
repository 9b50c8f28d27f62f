import ky, { HTTPError, type Options } from 'ky';
import { reportNetworkFailure, reportReachable } from './offline/connectivity';
import { currentToken } from './session-storage';

export type FieldError = { field: string; message: string };

/** A failed call, with the server's envelope message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly body: unknown = undefined,
    /** From a 429's Retry-After header: how long the server asks the client to wait. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const NETWORK_ERROR = 'Network error. Please try again';
export const SESSION_EXPIRED = 'Session expired. Please login again.';
/** Offline (issue 25): every action but the four kept on the device says it needs the connection. */
export const NEEDS_CONNECTION = 'This needs the connection. You are offline; try again when it returns.';

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called on any 401 from an authenticated call, so the app can sign the user out. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/**
 * A call made with the session's token was answered 401: the session is over (expired, revoked).
 * Also told by the offline sync (issue 25), whose sends do not go through `request`.
 */
export function reportUnauthorized(): void {
  unauthorizedListeners.forEach((l) => l());
}

export const api = ky.create({
  prefixUrl: '/api',
  timeout: 20_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const session = currentToken();
        if (session && !request.headers.has('authorization')) {
          request.headers.set('authorization', `Bearer ${session.token}`);
        }
      },
    ],
  },
});

/**
 * Calls the API and returns the parsed JSON body; throws ApiError with the envelope's message
 * (or `fallback`) on failure, and a network message when the server could not be reached.
 */
export async function request<T>(path: string, options: Options & { fallback?: string } = {}): Promise<T> {
  const { fallback = 'Something went wrong. Please try again.', ...kyOptions } = options;
  try {
    const answer = await api(path.replace(/^\//, ''), kyOptions).json<T>();
    reportReachable();
    return answer;
  } catch (e) {
    if (e instanceof HTTPError) {
      reportReachable();
      const body = (await e.response
        .clone()
        .json()
        .catch(() => undefined)) as { message?: string; errors?: FieldError[] } | undefined;
      const hadToken = e.request.headers.has('authorization');
      if (e.response.status === 401 && hadToken) reportUnauthorized();
      const retryAfter = Number(e.response.headers.get('retry-after'));
      throw new ApiError(
        e.response.status,
        body?.message ?? fallback,
        body?.errors ?? [],
        body,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      );
    }
    if (e instanceof ApiError) throw e;
    // fetch fails with a TypeError when the network does; an abort or a bad body says nothing about it.
    if (e instanceof TypeError || (e as Error | null)?.name === 'TimeoutError') reportNetworkFailure();
    const offline = typeof navigator !== 'undefined' && !navigator.onLine;
    throw new ApiError(0, offline ? NEEDS_CONNECTION : NETWORK_ERROR);
  }
}
