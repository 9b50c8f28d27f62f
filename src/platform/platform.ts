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
import type { Decider, CommandResult, HandleOptions } from './event-store/command-handler';
import type { DomainEvent, EventMetadata, EventStore } from './event-store/port';
import type { LiveConsumer, ProjectionRunner } from './projections/runner';
import type { Projection } from './projections/projection';
import type { AuthContext, SessionValidator, TokenService } from './http/auth';
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

/** Everything a module may use; built once at start-up by the composition root. */
export type Platform = {
  config: Config;
  log: Logger;
  pool: pg.Pool;
  db: Db;
  store: EventStore;
  runner: ProjectionRunner;
  tokens: TokenService;
  mailer: Mailer;
  /** The /ws hub: push to a hospital's sockets, end a session's or a user's sockets. */
  realtime: Realtime;
  /** preHandler requiring a signed-in caller, optionally with one of `roles`. */
  auth: (roles?: readonly AuthContext['role'][], forbiddenMessage?: string) => preHandlerAsyncHookHandler;
  /** Event metadata for a command issued by the signed-in caller of `request`. */
  metadataFor: (request: FastifyRequest) => EventMetadata;
  /**
   * Runs a command (load, decide, append) and then waits, bounded, until `readModels`
   * have applied its events, so the caller's next read sees its own change.
   */
  execute: <C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    stream: string,
    command: C,
    metadata: EventMetadata,
    options?: HandleOptions & { readModels?: string[] },
  ) => Promise<CommandResult<S, E>>;
};

/** What a module exposes to the composition root (its index.ts). */
export type AppModule = {
  name: string;
  routes?: (app: HttpApp, platform: Platform) => Promise<void> | void;
  projections?: Projection[];
  liveConsumers?: (platform: Platform) => LiveConsumer[];
  /** The module that owns sessions provides the check every authenticated request runs. */
  sessionValidator?: (platform: Platform) => SessionValidator;
};
