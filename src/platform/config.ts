import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyAsUndefined, z.url().optional());

const schema = z.object({
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(5000)),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
  ),
  EVENT_STORE: z.preprocess(emptyAsUndefined, z.enum(['postgres', 'esdb']).default('postgres')),
  EVENTSTORE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'must be an esdb:// connection string')
      .optional(),
  ),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('HMS <no-reply@hms.local>')),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  eventStore: 'postgres' | 'esdb';
  eventStoreUrl: string | undefined;
  jwtSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
};

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}

/** Reads and validates the environment. Throws ConfigError naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(String(issue.path[0] ?? 'environment'), issue.message);
  }
  const e = parsed.data;
  if (e.EVENT_STORE === 'esdb' && !e.EVENTSTORE_URL) {
    throw new ConfigError('EVENTSTORE_URL', 'is required when EVENT_STORE=esdb');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    eventStore: e.EVENT_STORE,
    eventStoreUrl: e.EVENTSTORE_URL,
    jwtSecret: e.JWT_SECRET ?? devJwtSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
  };
}

/** A development secret generated once and kept in DATA_DIR, so tokens survive restarts. */
function devJwtSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
