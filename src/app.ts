import path from 'node:path';
import { migrations } from '../migrations';
import { fileURLToPath } from 'node:url';
import type { Config } from './platform/config';
import { createDb, createPool } from './platform/db/database';
import { createLockPool } from './platform/db/advisory-lock';
import { Leases } from './platform/db/leases';
import { prepareDatabase } from './platform/db/app-role';
import { handleCommand } from './platform/event-store/command-handler';
import { EventRegistry } from './platform/event-store/contracts';
import { EventLog } from './platform/event-store/event-log';
import type { EventStore } from './platform/event-store/port';
import { PostgresEventStore } from './platform/event-store/postgres-event-store';
import { reservationContracts } from './platform/event-store/unique-reservation';
import { transact } from './platform/event-store/unit-of-work';
import { accessContracts } from './platform/http/access-trail';
import {
  authenticateToken,
  defaultIdleTimeouts,
  requireAuth,
  TokenService,
  type IdleTimeouts,
  type SessionValidator,
} from './platform/http/auth';
import { Unauthorized } from './platform/http/errors';
import { clientRequestIdField } from './platform/http/request-id';
import { offlineMetadata } from './platform/http/device-headers';
import { defaultAccessPolicy, type AccessPolicy } from './platform/http/module-access';
import { createHttpApp } from './platform/http/http-app';
import { createLogger, type Logger } from './platform/logger';
import { NodemailerMailer } from './platform/mail/nodemailer-mailer';
import type { Mailer } from './platform/mail/mailer';
import type { AppModule, BackgroundTask, HttpApp, Platform } from './platform/platform';
import { ProjectionRunner } from './platform/projections/runner';
import { RealtimeHub } from './platform/realtime/hub';
import { Metrics } from './platform/metrics/metrics';
import { realtimeRoutes } from './platform/realtime/routes';
import { modules as allModules } from './modules';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WEB_DIST = path.join(root, 'dist', 'web');

export type BuiltApp = { app: HttpApp; platform: Platform; close: () => Promise<void> };

export type BuildOptions = {
  log?: Logger;
  modules?: AppModule[];
  /** Replaces the configured mailer (tests use a failing one to prove nothing is half-written). */
  mailer?: Mailer;
  webDir?: string;
  /** Start projections (default true). */
  startProjections?: boolean;
};

async function createEventStore(
  config: Config,
  pool: ReturnType<typeof createPool>,
  databaseUrl: string,
): Promise<EventStore> {
  if (config.eventStore === 'esdb') {
    const { EsdbEventStore } = await import('./platform/event-store/esdb-event-store');
    return EsdbEventStore.connect(config.eventStoreUrl!);
  }
  return new PostgresEventStore(pool, databaseUrl);
}

/** The composition root: database, migrations, event store, projections, modules and HTTP. */
export async function buildApp(
  config: Config & { databaseUrl: string },
  options: BuildOptions = {},
): Promise<BuiltApp> {
  const log = options.log ?? createLogger(config.logLevel);
  const modules = options.modules ?? allModules;
  // Migrations and grants as the owner, then the app's own pool as the limited role.
  const { appUrl } = await prepareDatabase({
    migrations,
    ownerUrl: config.databaseUrl,
    appUrl: config.appDatabaseUrl,
    dataDir: config.dataDir,
    sharedSecret: config.sharedSecret,
  });
  const pool = createPool(appUrl, 20, log);
  const db = createDb(pool);
  const lockPool = createLockPool(appUrl, undefined, log);
  // One runner per projection, reactor and elected timer across every server on this database.
  const leases = new Leases(appUrl, log.child({ component: 'leases' }));
  const projections = modules.flatMap((m) => m.projections ?? []);
  const registry = new EventRegistry([
    ...reservationContracts,
    ...accessContracts,
    ...modules.flatMap((m) => m.events ?? []),
  ]);
  const adapter = await createEventStore(config, pool, appUrl);
  const store = new EventLog(
    adapter,
    registry,
    db,
    projections.filter((p) => p.inline),
  );
  const tokens = new TokenService(config.jwtSecret);
  const metrics = new Metrics({
    pool,
    // Read when scraped, long after both exist.
    sockets: () => realtime.connectionCount(),
    projections: () => platform.runner.status(),
  });
  store.observeCommit = metrics.observeCommit;
  const mailer = metrics.counted(
    'mail',
    options.mailer ??
      new NodemailerMailer(
        { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') },
        log,
      ),
  );

  let sessionValidator: SessionValidator = async () => {
    throw new Unauthorized('Session expired. Please login again.');
  };
  let idleTimeouts: IdleTimeouts = defaultIdleTimeouts;
  let accessPolicy: AccessPolicy = defaultAccessPolicy;
  const realtime = new RealtimeHub({
    authenticate: (token) => authenticateToken(token, tokens, sessionValidator),
    log,
  });
  const platform: Platform = {
    // The URL the app connects with (the owner's stays only for the migrations above).
    config: { ...config, appDatabaseUrl: appUrl },
    log,
    pool,
    lockPool,
    leases,
    metrics,
    db,
    store,
    appendAlongside: (alongside) => store.appendAlongside(alongside),
    tokens,
    mailer,
    realtime,
    runner: undefined as unknown as ProjectionRunner,
    access: { matrixOf: (hospitalId) => accessPolicy.matrixOf(hospitalId) },
    idleTimeouts: { minutesOf: (hospitalId) => idleTimeouts.minutesOf(hospitalId) },
    auth: (roles, message) => requireAuth(tokens, () => sessionValidator, roles, message),
    metadataFor: (request) => {
      const auth = request.auth;
      if (!auth) throw new Unauthorized();
      return {
        hospitalId: auth.hospitalId,
        actor: { userId: auth.userId, role: auth.role, name: auth.name },
        correlationId: request.id,
        causationId: request.id,
        occurredAt: new Date().toISOString(),
        requestId: request.id,
        ip: request.ip,
        ...clientRequestIdField(request),
        ...offlineMetadata(request),
      };
    },
    waitFor: (position, refs, timeoutMs) => platform.runner.waitFor(position, refs, timeoutMs),
    execute: async (decider, stream, command, metadata, opts = {}) => {
      const result = await handleCommand(store, decider, stream, command, metadata, opts);
      const caughtUp = opts.waitFor ? await platform.waitFor(result.position, opts.waitFor, opts.timeoutMs) : true;
      return { ...result, caughtUp };
    },
    transact: async (metadata, work, opts = {}) => {
      const result = await transact(store, metadata, work, opts);
      const caughtUp = opts.waitFor ? await platform.waitFor(result.position, opts.waitFor, opts.timeoutMs) : true;
      return { ...result, caughtUp };
    },
  };
  platform.runner = new ProjectionRunner(
    db,
    store,
    {
      projections,
      reactors: modules.flatMap((m) => m.reactors?.(platform) ?? []),
      live: modules.flatMap((m) => m.liveConsumers?.(platform) ?? []),
      appliedInline: store.appliesInline,
      leases,
      onLiveHandled: metrics.observePushed,
    },
    log,
  );
  for (const m of modules) if (m.sessionValidator) sessionValidator = m.sessionValidator(platform);
  for (const m of modules) if (m.accessPolicy) accessPolicy = m.accessPolicy(platform);
  for (const m of modules) if (m.idleTimeouts) idleTimeouts = m.idleTimeouts(platform);

  const app = await createHttpApp(platform, modules, { webDir: options.webDir ?? WEB_DIST });
  await app.register(realtimeRoutes(realtime, config.publicUrl));
  realtime.start();
  if (options.startProjections !== false) await platform.runner.start();
  await app.ready();
  const background = modules.flatMap((m) => m.background?.(platform) ?? []);
  const running = new Set<BackgroundTask>();
  for (const task of background) {
    if (!task.elected) {
      running.add(task);
      task.start();
      continue;
    }
    leases.register(task.elected, {
      acquired: () => {
        running.add(task);
        task.start();
      },
      lost: async () => {
        if (running.delete(task)) await task.stop();
      },
    });
  }
  // The first try is awaited: a lone server runs everything from the moment it answers.
  await leases.start();

  let closed = false;
  return {
    app,
    platform,
    close: async () => {
      if (closed) return;
      closed = true;
      await realtime.close();
      await app.close();
      for (const task of running) await task.stop();
      await platform.runner.stop();
      // Handed over: another server takes them within a few seconds (a rolling restart).
      await leases.close();
      await store.close();
      await db.destroy();
      await lockPool.end();
    },
  };
}
