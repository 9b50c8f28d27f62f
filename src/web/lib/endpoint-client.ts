import type { Options } from 'ky';
import { pathOf, type Endpoint } from '../../shared/api/endpoint';
import { request } from './api-client';
import type { z } from './zod';

/** An endpoint of the shared contract; a message-only answer (`{ success, message }`) has no `data`. */
export type ContractEndpoint = Endpoint & { response: z.ZodType<{ data?: unknown; message?: string }> };

export type EndpointCall = {
  /** Values of the path's `:name` parameters. */
  params?: Record<string, string | number>;
  searchParams?: Options['searchParams'];
  json?: unknown;
  headers?: Options['headers'];
  signal?: AbortSignal;
  timeout?: Options['timeout'];
  /** The message when the server's failure sends none. */
  fallback?: string;
};

/**
 * Calls an endpoint of the shared contract (src/shared/api) and parses its whole answer with the contract's
 * `response`: an answer the server's route could not have sent fails here, not deep in a screen.
 */
export async function callEndpoint<E extends ContractEndpoint>(
  e: E,
  call: EndpointCall = {},
): Promise<z.output<E['response']>> {
  const { params, ...options } = call;
  const answer = await request<unknown>(pathOf(e, params), { method: e.method.toLowerCase(), ...options });
  return e.response.parse(answer) as z.output<E['response']>;
}

/** The `data` of an endpoint's answer. */
export async function fetchData<E extends ContractEndpoint>(
  e: E,
  call: EndpointCall = {},
): Promise<z.output<E['data']>> {
  return (await callEndpoint(e, call)).data as z.output<E['data']>;
}
