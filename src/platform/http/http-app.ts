import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import fastifyRateLimit from '@fastify/rate-limit';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppModule, HttpApp, Platform } from '../platform';
import { installIdempotentRoutes } from '../idempotency/idempotent-routes';
import { installAccessTrail } from './access-trail';
import { sharingSerializer } from './shared-answers';
import { installDeviceHeaders } from './device-headers';
import { envelope, errorHandler } from './error-handler';
import { healthRoutes } from './health';
import { installModuleAccess } from './module-access';
import { installMetrics } from '../metrics/routes';
import { installRequestGuards } from './request-guards';
import { newRequestId } from './request-id';
import { finishOpenApiDocument } from './openapi-document';
import { installRouteContract } from './route-contract';
import { docsPolicy, securityHeaders } from './security-headers';
import { serveWeb } from './static-web';

export type HttpOptions = {
  /** Directory of the built web app (index.html); served with SPA fallback when present. */
  webDir?: string;
};

export async function createHttpApp(
  platform: Platform,
  modules: AppModule[],
  options: HttpOptions = {},
): Promise<HttpApp> {
  const app = Fastify({
    loggerInstance: platform.log,
    // The server names every request; a client's X-Request-Id is only kept beside it (request-id.ts).
    requestIdHeader: false,
    genReqId: newRequestId,
    bodyLimit: 1024 * 1024,
    // Per-IP rate limits would be bypassable if any client could claim an address.
    trustProxy: platform.config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // A rolling restart: once closing, the server takes no new connection (the client goes to another
    // server), and a request already on an open connection is served, answered with Connection: close,
    // not refused with a bare 503.
    return503OnClosing: false,
    // A URL no decoder accepts (%ZZ, bytes that are not UTF-8) never reaches a route: answer it in the envelope.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as unknown as FastifyReply).code(400).send(envelope('The address of this request is not valid'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(sharingSerializer(serializerCompiler));
  app.setErrorHandler(errorHandler);
  app.decorateRequest('auth', null);
  app.decorateRequest('claimed', null);
  app.addHook('onSend', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });
  installMetrics(app as unknown as FastifyInstance, platform);
  const reads = modules.find((m) => m.readRecorder)?.readRecorder?.(platform);
  installAccessTrail(app as unknown as FastifyInstance, platform.store, platform.log, reads);
  installRequestGuards(app as unknown as FastifyInstance);
  const origins = modules.find((m) => m.hospitalOrigins)?.hospitalOrigins?.(platform);
  installDeviceHeaders(app as unknown as FastifyInstance, platform.config.deviceTimeWindowDays, origins);
  installIdempotentRoutes(app as unknown as FastifyInstance, { db: platform.db, store: platform.store });
  installModuleAccess(app as unknown as FastifyInstance, () => platform.access);
  const contract = installRouteContract(app as unknown as FastifyInstance);
  const https = platform.config.publicUrl.startsWith('https://');
  await securityHeaders(app as unknown as FastifyInstance, { publicUrl: platform.config.publicUrl });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Hospital Management System API',
        version: '1.0.0',
      },
      servers: [{ url: platform.config.publicUrl, description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: (documents) =>
      'openapiObject' in documents ? finishOpenApiDocument(documents.openapiObject) : documents.swaggerObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) => docsPolicy(header, https),
  });
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) => {
      const err = new Error(`Too many requests. Please wait ${Math.ceil(ctx.ttl / 1000)} seconds and try again.`);
      (err as Error & { statusCode: number }).statusCode = 429;
      return err;
    },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    healthRoutes(
      platform,
      modules.flatMap((m) => (m.health ? [m.health(platform)] : [])),
    ),
  );
  for (const m of modules) {
    if (m.routes) {
      const routes = m.routes;
      await app.register(async (scope) => routes(scope as unknown as HttpApp, platform), { prefix: '/api' });
    }
  }

  const webDir = options.webDir && existsSync(path.join(options.webDir, 'index.html')) ? options.webDir : undefined;
  await serveWeb(app as unknown as FastifyInstance, webDir, contract);

  return app as unknown as HttpApp;
}
