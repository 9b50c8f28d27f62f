import { createPrivateKey, randomBytes, type KeyObject } from 'node:crypto';
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
  APP_DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
      .optional(),
  ),
  AUDIT_SIGNING_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((v) => parseSigningKey(v) !== null, 'must be an Ed25519 private key (PEM, or base64 of its PKCS#8 DER)')
      .optional(),
  ),
  AUDIT_CHECKPOINT_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  AUDIT_CHECKPOINT_SECONDS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(86_400).default(60)),
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
  SMS_URL: optionalUrl,
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('HMS <no-reply@hms.local>')),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  OPERATOR_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  DEVICE_TIME_WINDOW_DAYS: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(365).default(7)),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** The owner's URL: migrations run with it. */
  databaseUrl: string | undefined;
  /** The app's own limited role; unset: the owner creates `hms_app` (see db/app-role.ts). */
  appDatabaseUrl: string | undefined;
  /** Signs the audit chain's checkpoints; unset: a key generated into DATA_DIR/audit-signing-key.pem. */
  auditSigningKey: KeyObject | undefined;
  /**
   * Where the signed checkpoints are kept: shared storage when several servers run (the one that
   * holds the signer's lease appends to it); unset: DATA_DIR/audit.
   */
  auditCheckpointDir: string | undefined;
  /** How often a moved chain head is signed (0: only at shutdown and when asked). */
  auditCheckpointSeconds: number;
  eventStore: 'postgres' | 'esdb';
  eventStoreUrl: string | undefined;
  jwtSecret: string;
  /** JWT_SECRET as set in the environment (shared by every server), not the one generated into DATA_DIR. */
  sharedSecret: string | undefined;
  smtpUrl: string | undefined;
  /** An SMS gateway: each text is POSTed to it as JSON { to, text }. Unset: .sms files in the outbox. */
  smsUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy that sets it). */
  trustProxy: boolean;
  /** Lets a caller from another machine read /metrics (`Authorization: Bearer …`); unset: loopback only. */
  operatorToken: string | undefined;
  /** How far before the server's time an offline device's X-Device-Time may be (issue 33). */
  deviceTimeWindowDays: number;
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
  if (e.APP_DATABASE_URL && !e.DATABASE_URL) {
    throw new ConfigError('APP_DATABASE_URL', 'needs DATABASE_URL (the owner that runs migrations)');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    appDatabaseUrl: e.APP_DATABASE_URL,
    auditSigningKey: e.AUDIT_SIGNING_KEY ? parseSigningKey(e.AUDIT_SIGNING_KEY)! : undefined,
    auditCheckpointDir: e.AUDIT_CHECKPOINT_DIR ? path.resolve(e.AUDIT_CHECKPOINT_DIR) : undefined,
    auditCheckpointSeconds: e.AUDIT_CHECKPOINT_SECONDS,
    eventStore: e.EVENT_STORE,
    eventStoreUrl: e.EVENTSTORE_URL,
    jwtSecret: e.JWT_SECRET ?? devJwtSecret(dataDir),
    sharedSecret: e.JWT_SECRET,
    smtpUrl: e.SMTP_URL,
    smsUrl: e.SMS_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    operatorToken: e.OPERATOR_TOKEN,
    deviceTimeWindowDays: e.DEVICE_TIME_WINDOW_DAYS,
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

/** An Ed25519 private key from PEM text or base64 of its PKCS#8 DER; null when it is neither. */
export function parseSigningKey(text: string): KeyObject | null {
  try {
    const trimmed = text.trim();
    const key = trimmed.startsWith('-----')
      ? createPrivateKey(trimmed)
      : createPrivateKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'pkcs8' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}
