import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

// A secret is given so loadConfig does not create one in ./data of the working directory.
const SECRET = 'a-test-secret-that-is-long-enough-1234';

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('defaults to port 5000, ./data and the Postgres event store', () => {
    const config = loadConfig({ JWT_SECRET: SECRET });
    expect(config).toMatchObject({
      port: 5000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      eventStore: 'postgres',
      eventStoreUrl: undefined,
      jwtSecret: SECRET,
      publicUrl: 'http://localhost:5000',
      logLevel: 'info',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ JWT_SECRET: SECRET, PORT: '', EVENT_STORE: ' ', DATA_DIR: '' })).toMatchObject({
      port: 5000,
      eventStore: 'postgres',
      dataDir: path.resolve('./data'),
    });
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      JWT_SECRET: SECRET,
      PORT: '8080',
      DATA_DIR: '/var/lib/hms',
      DATABASE_URL: 'postgres://hms@db:5432/hms',
      EVENT_STORE: 'esdb',
      EVENTSTORE_URL: 'esdb://localhost:2113?tls=false',
      PUBLIC_URL: 'https://hms.example.org/',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/hms',
      databaseUrl: 'postgres://hms@db:5432/hms',
      eventStore: 'esdb',
      eventStoreUrl: 'esdb://localhost:2113?tls=false',
      publicUrl: 'https://hms.example.org',
    });
  });

  it.each(['abc', '70000', '-1', '80.5'])('rejects PORT=%s naming PORT', (port) => {
    const error = configErrorOf({ JWT_SECRET: SECRET, PORT: port });
    expect(error.variable).toBe('PORT');
    expect(error.message).toMatch(/^Invalid configuration: PORT /);
  });

  it('reads the app role URL and the audit signing key, and refuses a key that is not Ed25519', () => {
    const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    const config = loadConfig({
      JWT_SECRET: SECRET,
      DATABASE_URL: 'postgres://owner@db/hms',
      APP_DATABASE_URL: 'postgres://app@db/hms',
      AUDIT_SIGNING_KEY: pem,
      AUDIT_CHECKPOINT_SECONDS: '5',
    });
    expect(config).toMatchObject({ appDatabaseUrl: 'postgres://app@db/hms', auditCheckpointSeconds: 5 });
    expect(config.auditSigningKey?.asymmetricKeyType).toBe('ed25519');
    expect(loadConfig({ JWT_SECRET: SECRET, AUDIT_SIGNING_KEY: der }).auditSigningKey?.asymmetricKeyType).toBe(
      'ed25519',
    );
    expect(loadConfig({ JWT_SECRET: SECRET }).auditCheckpointSeconds).toBe(60);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ format: 'pem', type: 'pkcs8' })
      .toString();
    for (const bad of [rsa, 'not a key']) {
      expect(configErrorOf({ JWT_SECRET: SECRET, AUDIT_SIGNING_KEY: bad }).variable).toBe('AUDIT_SIGNING_KEY');
    }
    expect(configErrorOf({ JWT_SECRET: SECRET, APP_DATABASE_URL: 'postgres://app@db/hms' }).variable).toBe(
      'APP_DATABASE_URL',
    );
    expect(configErrorOf({ JWT_SECRET: SECRET, AUDIT_CHECKPOINT_SECONDS: '-1' }).variable).toBe(
      'AUDIT_CHECKPOINT_SECONDS',
    );
  });

  it('rejects an unknown EVENT_STORE naming EVENT_STORE', () => {
    const error = configErrorOf({ JWT_SECRET: SECRET, EVENT_STORE: 'mysql' });
    expect(error.variable).toBe('EVENT_STORE');
    expect(error.message).toContain('EVENT_STORE');
  });

  it('requires EVENTSTORE_URL when EVENT_STORE=esdb', () => {
    const error = configErrorOf({ JWT_SECRET: SECRET, EVENT_STORE: 'esdb' });
    expect(error.variable).toBe('EVENTSTORE_URL');
    expect(error.message).toBe('Invalid configuration: EVENTSTORE_URL is required when EVENT_STORE=esdb');
  });

  it.each([
    ['DATABASE_URL', 'mysql://db/hms'],
    ['EVENTSTORE_URL', 'http://localhost:2113'],
    ['JWT_SECRET', 'short'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects a bad %s naming it', (variable, value) => {
    expect(configErrorOf({ JWT_SECRET: SECRET, [variable]: value }).variable).toBe(variable);
  });

  it('creates a development JWT secret once in DATA_DIR and reuses it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-config-'));
    dirs.push(dir);
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    const file = path.join(dir, 'jwt-secret');
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
  });
});
