import { ApiError } from './api-client';

/**
 * A failed call as a screen shows it (product-spec-1 §8, product-spec-2 §8): the server's message
 * when it sent one, else `fallback`; an unreachable server reads `exception` (else the network
 * message), and an answer of the wrong shape reads `fallback`. Status and field errors are kept.
 */
export function failureOf(e: unknown, fallback: string, exception?: string): ApiError {
  if (!(e instanceof ApiError)) return new ApiError(0, fallback);
  if (e.status === 0) return new ApiError(0, exception ?? e.message);
  const sent = (e.body as { message?: unknown } | undefined)?.message;
  const message = typeof sent === 'string' && sent ? sent : fallback;
  return new ApiError(e.status, message, e.errors, e.body, e.retryAfterSeconds);
}
