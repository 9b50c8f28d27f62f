import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import type { Config } from './config';
import type { Db } from './db/database';
import type { Logger } from './logger';
import type { Leases } from './db/leases';
import type { Metrics } from './metrics/metrics';
import type { Decider, CommandResult, HandleOptions } from './event-store/command-handler';
import type { EventContract } from './event-store/contracts';
import type { DomainEvent, EventMetadata, EventStore, GlobalPosition } from './event-store/port';
import type { EventLog } from './event-store/event-log';
import type { Transacted, TransactOptions, UnitOfWork } from './event-store/unit-of-work';
import type { LiveConsumer, ProjectionRunner } from './projections/runner';
import type { FeedConsumerRef, Projection, Reactor } from './projections/projection';
import type { AuthContext, IdleTimeouts, SessionValidator, TokenService } from './http/auth';
import type { AccessPolicy } from './http/module-access';
import type { HospitalOrigins } from './http/device-headers';
import type { ReadRecorder } from './http/access-trail';
import type { HealthCheck } from './http/health';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime/hub';

export type HttpApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What a command waits for after committing, and how long at most. */
export type WaitOptions = { waitFor?: readonly FeedConsumerRef[]; timeoutMs?: number };

/** Everything a module may use; built once at start-up by the composition root. */
export type Platform = {
  config: Config;
  log: Logger;
  pool: pg.Pool;
  /** A few connections of their own for advisory locks held across slow work (`withAdvisoryLock`). */
  lockPool: pg.Pool;
  /** The server's vital signs, scraped at GET /metrics (see metrics/). */
  metrics: Metrics;
  /** Which server runs each projection, reactor and elected timer (see db/leases.ts). */
  leases: Leases;
  db: Db;
  /** The event log: every module's contracts checked on append and read, inline projections applied. */
  store: EventStore;
  /** An append with statements of the caller's in its transaction (see EventLog.appendAlongside). */
  appendAlongside: EventLog['appendAlongside'];
  runner: ProjectionRunner;
  tokens: TokenService;
  mailer: Mailer;
  /** The /ws hub: push to a hospital's sockets, end a session's or a user's sockets. */
  realtime: Realtime;
  /** preHandler requiring a signed-in caller, optionally with one of `roles`. */
  auth: (roles?: readonly AuthContext['role'][], forbiddenMessage?: string) => preHandlerAsyncHookHandler;
  /** Each hospital's module × role matrix as enforced now (routes' `config.accessModule`). */
  access: AccessPolicy;
  /** Each hospital's idle time-out as the server enforces it on sessions. */
  idleTimeouts: IdleTimeouts;
  /** Event metadata for a command issued by the signed-in caller of `request` (who, where, which request). */
  metadataFor: (request: FastifyRequest) => EventMetadata;
  /**
   * One command on one stream (load, decide, check the pinned version, append). With `waitFor`,
   * then waits (bounded) until those consumers have passed its events: `caughtUp` says whether
   * they did. The answer is built from the result, never from a read model read back.
   */
  execute: <C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    stream: string,
    command: C,
    metadata: EventMetadata,
    options?: HandleOptions & WaitOptions,
  ) => Promise<CommandResult<S, E> & { caughtUp: boolean }>;
  /** A command across several streams, committed as one append; see UnitOfWork. */
  transact: <T>(
    metadata: EventMetadata,
    work: (uow: UnitOfWork) => Promise<T>,
    options?: TransactOptions & WaitOptions,
  ) => Promise<Transacted<T> & { caughtUp: boolean }>;
  waitFor: (position: GlobalPosition | null, refs: readonly FeedConsumerRef[], timeoutMs?: number) => Promise<boolean>;
};

/**
 * What a module exposes to the composition root (its index.ts). `events` are the contracts of
 * every event type the module writes; `contracts` in its index are those other modules may read.
 */
export type AppModule = {
  name: string;
  events?: readonly EventContract[];
  routes?: (app: HttpApp, platform: Platform) => Promise<void> | void;
  projections?: Projection[];
  reactors?: (platform: Platform) => Reactor[];
  liveConsumers?: (platform: Platform) => LiveConsumer[];
  /** The module that owns sessions provides the check every authenticated request runs. */
  sessionValidator?: (platform: Platform) => SessionValidator;
  /** The module that owns the access matrix provides the policy every tagged route checks. */
  accessPolicy?: (platform: Platform) => AccessPolicy;
  /** Work beside the requests (a timer): started with the app, stopped first when it closes. */
  background?: (platform: Platform) => BackgroundTask | BackgroundTask[] | undefined;
  /** The module that owns hospital settings provides each hospital's idle time-out. */
  idleTimeouts?: (platform: Platform) => IdleTimeouts;
  /** The module that owns hospitals says when each was registered (device times before it are refused). */
  hospitalOrigins?: (platform: Platform) => HospitalOrigins;
  /** A check of the module's background work, in the operator's health answer (health.ts). */
  health?: (platform: Platform) => HealthCheck;
  /** The module that owns the access log records the reads every audited route serves (access-trail.ts). */
  readRecorder?: (platform: Platform) => ReadRecorder;
};

export type BackgroundTask = {
  start: () => void;
  stop: () => Promise<void>;
  /**
   * A lease name: the task runs on one server at a time across every server on the database (a
   * sweep that sends texts, the audit signer), started when this node wins the lease and stopped
   * when it loses it. Unset: it runs on every server (work that serves this node's requests).
   */
  elected?: string;
};
