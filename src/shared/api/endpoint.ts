import { z } from 'zod';

/**
 * One HTTP endpoint as both sides see it (CONVENTIONS.md, "One contract per endpoint"): its method, its path
 * below `/api` (with `:name` parameters, as the route registers it), the zod schemas of what it takes and the
 * `data` of its success answer. The route validates with these schemas and documents them in OpenAPI; the
 * browser's api file parses the answer with them; the jsdom tests' fake answers are typed by them.
 *
 * Browser-safe: zod only. The browser runs zod without eval (src/web/lib/zod.ts, set before any schema is
 * built: src/web/main.tsx imports it first), so these schemas need nothing more.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type Endpoint<Data extends z.ZodType = z.ZodType> = {
  method: HttpMethod;
  path: `/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success answer `{ success: true, data, message? }`. */
  data: Data;
};

/** `{ success: true, data, message? }` around a payload schema: the envelope every success answer wears. */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data, message: z.string().optional() });
}

/** An endpoint with its whole success answer (`response`), for the route's `200` and the browser's parse. */
export function endpoint<const E extends Endpoint>(e: E): E & { response: ReturnType<typeof ok<E['data']>> } {
  return { ...e, response: ok(e.data) };
}

/** A success answer that carries only its message (`{ success: true, message }`), no `data`. */
export const messageAnswer = z.object({ success: z.literal(true), message: z.string() });

/** An endpoint whose success answer is its message alone. */
export function messageEndpoint<const E extends Omit<Endpoint, 'data'>>(e: E) {
  return { ...e, data: z.undefined(), response: messageAnswer };
}

/** What the success answer's `data` holds, as the server sends it (JSON). */
export type DataOf<E extends Endpoint> = z.input<E['data']>;

/** The endpoint's path with its `:name` parameters filled in, each encoded as one path segment. */
export function pathOf(e: Pick<Endpoint, 'path'>, params: Record<string, string | number> = {}): string {
  return e.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${e.path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
