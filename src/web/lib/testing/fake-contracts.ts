import type { Endpoint } from '../../../shared/api/endpoint';
import type { z } from '../zod';

/**
 * The fake API's check of its success answers against the shared contracts (src/shared/api): a fake for an
 * endpoint with a contract must answer with `answer(e, data)` (typed by the contract when it compiles) and
 * that answer must parse with the contract's `response` when it is sent. A broken one is recorded here and
 * fails the test after it ends (test/setup-web.ts), however the screen took the 500 the fake sends instead.
 */
export type ContractEndpoint = Endpoint & { response: z.ZodType };

const isContract = (v: unknown): v is ContractEndpoint =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'data' in v && 'response' in v;

const files = import.meta.glob<Record<string, unknown>>('../../../shared/api/*.ts', { eager: true });

/** Every contract with a matcher of its path; a path with fewer `:name` segments first (`/users/stats` before `/users/:id`). */
const contracts = Object.values(files)
  .flatMap((exports) => Object.values(exports).filter(isContract))
  .map((e) => ({
    e,
    params: (e.path.match(/:/g) ?? []).length,
    pattern: new RegExp(`^${e.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z0-9_]+/g, '[^/]+')}$`),
  }))
  .sort((a, b) => a.params - b.params);

/** The contract of the endpoint a call reaches, if it has one. */
export function contractOf(method: string, path: string): ContractEndpoint | undefined {
  return contracts.find((c) => c.e.method === method && c.pattern.test(path))?.e;
}

const violations: string[] = [];

/** The broken answers since the last call, emptied. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

/** Why a fake's reply to `route` breaks the endpoint's contract (recorded), or undefined when it keeps it. */
export function contractViolation(
  route: string,
  e: ContractEndpoint,
  reply: Reply,
  answeredFor: Endpoint | undefined,
): string | undefined {
  const status = reply.status ?? 200;
  if (status < 200 || status > 299) return undefined;
  // A file instead of JSON (format=csv): the contract's schema is the JSON answer's.
  const type = Object.entries(reply.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  if (type !== undefined && !type.includes('json')) return undefined;
  const why = whyBroken(e, reply.body, answeredFor);
  if (why === undefined) return undefined;
  const message = `The fake's answer to ${route} breaks the contract of ${e.method} ${e.path}: ${why}`;
  violations.push(message);
  return message;
}

function whyBroken(e: ContractEndpoint, body: unknown, answeredFor: Endpoint | undefined): string | undefined {
  if (!answeredFor) return 'answer it with answer(endpoint, data), typed by the contract';
  if (answeredFor !== e) return `it was written for ${answeredFor.method} ${answeredFor.path}`;
  const parsed = e.response.safeParse(body);
  if (parsed.success) return undefined;
  return parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`).join('; ');
}
