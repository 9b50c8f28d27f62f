import { vi } from 'vitest';
import { pathOf, type DataOf, type Endpoint } from '../../../shared/api/endpoint';
import { contractOf, contractViolation, type ContractEndpoint } from './fake-contracts';
import type { z } from '../zod';

/** One call the page made, as the server would see it. */
export type RecordedCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  auth: string | null;
  /** Every request header, names in lower case. */
  headers: Record<string, string>;
};

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
export type FakeReply = Reply | Promise<Reply>;
export type FakeHandler = (call: RecordedCall) => FakeReply;

/** The endpoint each `answer`'s body was written for: the fake checks it is the endpoint the call reached. */
const answeredBy = new WeakMap<object, Endpoint>();

/**
 * A tiny stand-in for the network in jsdom component tests: the browser's outside world, not our code.
 * Routes are 'METHOD /path' (path without the /api prefix and query); unknown routes answer 404.
 * jsdom's page has a URL but Node's Request cannot parse relative URLs, so relative inputs are resolved here.
 */
export function fakeApi(routes: Record<string, FakeHandler>) {
  const calls: RecordedCall[] = [];
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const text = await input.text();
    const call: RecordedCall = {
      method: input.method,
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      auth: input.headers.get('authorization'),
      headers: Object.fromEntries(input.headers.entries()),
    };
    calls.push(call);
    const route = `${call.method} ${call.path}`;
    const handler = routes[route];
    let reply = handler ? await handler(call) : { status: 404, body: { success: false, message: 'Not found' } };
    // A success answer of an endpoint with a contract must be one its route could send (fake-contracts.ts).
    const contract = handler ? contractOf(call.method, call.path) : undefined;
    const broken = contract && contractViolation(route, contract, reply, answeredBy.get(reply.body as object));
    if (broken) reply = { status: 500, body: { success: false, message: broken } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json', ...reply.headers },
    });
  });
  return { calls, restore: () => vi.unstubAllGlobals() };
}

/** A reply the test releases later, to observe the loading state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The fake's route key for an endpoint of the shared contract: `GET /patients/stats`, `GET /patients/p-1`. */
export function routeOf(e: Pick<Endpoint, 'method' | 'path'>, params?: Record<string, string | number>): string {
  return `${e.method} ${pathOf(e, params)}`;
}

/**
 * A success answer typed by the endpoint's contract (src/shared/api): a fake answer the server's route
 * could never send does not compile, and the fake parses it with the contract's `response` when it is sent
 * (one that fails fails the test), so a component test cannot pass against it. The only way to answer an
 * endpoint that has a contract with success.
 */
export function answer<E extends ContractEndpoint>(e: E, data: DataOf<E>, message?: string): Reply {
  const body = message === undefined ? { success: true, data } : { success: true, data, message };
  answeredBy.set(body, e);
  return { body };
}

/**
 * A success answer written whole, for an endpoint whose answer carries fields beside `data` and `message` (a
 * page's `pagination`, the admin sign-in's `token` and `user`): typed and checked by the contract's `response`
 * as `answer`'s are.
 */
export function answerBody<E extends ContractEndpoint>(e: E, body: z.input<E['response']> & object): Reply {
  answeredBy.set(body, e);
  return { body };
}
