import type { FastifyInstance } from 'fastify';
import { envelope } from '../http/error-handler';
import { isOperator } from '../http/operator';
import type { Platform } from '../platform';

/** A request slower than this is logged with its route and timing (warn). */
export const SLOW_REQUEST_MS = 1000;

/**
 * Times every request by its route's pattern (never its URL: ids would make a label per patient),
 * logs the slow ones on the request's own logger (so with its request id), and serves GET /metrics
 * in Prometheus' text format to the operator only: a caller on this machine, or one with
 * `Authorization: Bearer $OPERATOR_TOKEN`. Anyone else, a hospital's admin included, gets 404,
 * as if there were no such address.
 */
export function installMetrics(app: FastifyInstance, platform: Platform): void {
  const { metrics } = platform;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const ms = reply.elapsedTime;
    metrics.observeRequest(request.method, route, reply.statusCode, ms / 1000);
    if (ms > SLOW_REQUEST_MS) {
      request.log.warn(
        { route, method: request.method, statusCode: reply.statusCode, responseTimeMs: Math.round(ms) },
        'slow request',
      );
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!isOperator(request, platform.config.operatorToken)) {
      return reply.code(404).send(envelope('Not found'));
    }
    const text = await metrics.registry.metrics();
    return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
  });
}
