import type { FastifyInstance, HTTPMethods, RouteOptions } from 'fastify';
import { envelope } from './error-handler';
import { errorEnvelope } from './envelope';

/**
 * What the OpenAPI document promises about every API route, filled in where a route leaves it out:
 * - a stable `operationId` from the method and path (`GET /api/patients/:id/vitals` → `getPatientsByIdVitals`),
 *   so client generators produce readable names that do not change when a summary is reworded;
 * - `security: []` on a route that declares no bearer security: it is public, and says so;
 * - the error answers the platform itself can give on that route, each with the shared envelope
 *   `{ success: false, message, errors? }`. A route documents its own domain answers (409, 422, 423 …).
 *
 * It also keeps the table of paths and their methods, so a method a path does not have answers 405 with
 * `Allow` instead of 404 (see `allowedMethods`).
 */
export type RouteContract = {
  /** The methods of the API route matching `path`, or none when no route has that path. */
  allowedMethods: (path: string) => string[];
};

type RouteSchema = {
  hide?: boolean;
  operationId?: string;
  security?: unknown[];
  body?: unknown;
  params?: unknown;
  headers?: unknown;
  querystring?: unknown;
  response?: Record<string | number, unknown>;
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

const asArray = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);
const capitalise = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);
const camel = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalise)
    .join('');

export function operationIdFor(method: string, url: string): string {
  const segments = url
    .replace(/^\/api\/?/, '')
    .split('/')
    .filter(Boolean);
  const words = segments.map((s) => (s.startsWith(':') ? `By${camel(s.slice(1))}` : camel(s)));
  return `${method.toLowerCase()}${words.join('')}`;
}

/** The error statuses the platform can answer on a route of this shape, before any domain rule. */
export function platformErrorStatuses(method: string, schema: RouteSchema, rateLimited: boolean): number[] {
  const secured = (schema.security?.length ?? 0) > 0;
  const statuses = new Set<number>([400]); // malformed address, query or body; NUL bytes; over-long strings
  if (secured) {
    statuses.add(401); // no token, or a closed session
    statuses.add(403); // another role, a module the hospital turned off, a temporary password still to change
  }
  if (schema.params) statuses.add(404); // an id of nothing this hospital has
  // A body naming another record (patientId, hmoId, doctorId …): that record may not be this hospital's.
  if (secured && WITH_BODY.has(method) && keysOf(schema.body).some((k) => /Ids?$/.test(k))) statuses.add(404);
  // An Idempotency-Key header sent again with another request (a different amount, say) is refused.
  if (keysOf(schema.headers).includes('idempotency-key')) statuses.add(422);
  if (WITH_BODY.has(method)) {
    statuses.add(413); // body over the limit
    statuses.add(415); // a body that is not JSON
  }
  if (secured && WRITES.has(method)) statuses.add(409); // the record changed under the command (stale version)
  if (rateLimited) statuses.add(429);
  return [...statuses];
}

type ZodLike = { shape?: Record<string, unknown>; _zod?: { def?: { innerType?: unknown; in?: unknown } } };

/** The property names of a zod object schema, through optional/nullable/default/pipe wrappers; [] for others. */
function keysOf(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > 5) return [];
  const z = schema as ZodLike;
  if (z.shape && typeof z.shape === 'object') return Object.keys(z.shape);
  const def = z._zod?.def;
  return keysOf(def?.innerType ?? def?.in, depth + 1);
}

const isStrictable = (q: unknown): q is { strict: () => unknown } =>
  typeof q === 'object' && q !== null && typeof (q as { strict?: unknown }).strict === 'function';

function patternOf(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export function installRouteContract(app: FastifyInstance): RouteContract {
  const table: { pattern: RegExp; methods: Set<string> }[] = [];
  const byUrl = new Map<string, Set<string>>();
  /** The methods of a path with no parameter: `/api/patients/stats` is that path, never an `:id`. */
  const staticMethods = (path: string) => byUrl.get(path.length > 1 ? path.replace(/\/+$/, '') : path);

  // A static path shadowed by an `:id` route (`PUT /api/patients/stats` matched `PUT /api/patients/:id`) is
  // the static path with a method it lacks: 405 with its own methods, before authentication and the body.
  // A path with no route for this method answers 405 here too, before its body is read (a malformed body to
  // a missing method is still a 405).
  app.addHook('onRequest', async (request, reply) => {
    const matched = request.routeOptions.url;
    const path = request.url.split('?', 1)[0]!;
    if (matched && !matched.includes(':')) return;
    if (!matched && !path.startsWith('/api/')) return;
    const methods = matched ? staticMethods(path) : new Set(allowedMethods(path));
    if (!methods || methods.size === 0 || methods.has(request.method)) return;
    return reply
      .code(405)
      .header('allow', [...methods].sort().join(', '))
      .send(envelope(`Method ${request.method} is not allowed on ${path}`));
  });

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const methods = asArray(route.method as HTTPMethods | HTTPMethods[]).map((m) => m.toUpperCase());
    let known = byUrl.get(route.url);
    if (!known) {
      known = new Set();
      byUrl.set(route.url, known);
      table.push({ pattern: patternOf(route.url), methods: known });
    }
    for (const m of methods) known.add(m);

    const method = methods.find((m) => m !== 'HEAD');
    const schema = route.schema as RouteSchema | undefined;
    if (!method || !schema || schema.hide) return;
    schema.operationId ??= operationIdFor(method, route.url);
    // A query parameter the route does not take is a mistake to say, not to ignore (a typo in `form=` for
    // `from=` would otherwise answer the whole unfiltered list).
    if (isStrictable(schema.querystring)) schema.querystring = schema.querystring.strict();
    schema.security ??= [];
    const rateLimited = Boolean((route.config as { rateLimit?: unknown } | undefined)?.rateLimit);
    const response = { ...(schema.response ?? {}) };
    for (const status of platformErrorStatuses(method, schema, rateLimited)) response[status] ??= errorEnvelope;
    schema.response = response;
  });

  function allowedMethods(path: string): string[] {
    const exact = staticMethods(path);
    if (exact) return [...exact].sort();
    const allowed = new Set<string>();
    for (const { pattern, methods } of table) if (pattern.test(path)) for (const m of methods) allowed.add(m);
    return [...allowed].sort();
  }

  return { allowedMethods };
}
