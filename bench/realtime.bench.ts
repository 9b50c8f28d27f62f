/**
 * The notifier under load: `npm run bench:realtime`.
 *
 * In one run, on a throwaway embedded PostgreSQL and the real application in this process: one
 * hospital with an account per role and 500 sockets spread over the seven roles; 1 000
 * PatientRegistered events appended through the application's event log, first as a burst from
 * 8 writers (throughput) and then paced at 50 a second (latency when not saturated). Each
 * patient_created reaches the admin, doctor, nurse and receptionist sockets. Reported: delivery
 * latency (append started → message received) p50/p99 and messages received per second, beside
 * a raw `ws` broadcast of the same fan-out in the same process (the cost of the sockets
 * themselves). Writes the realtime section of docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket, { WebSocketServer } from 'ws';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { metadataFor } from '../src/platform/event-store/metadata';
import { createLogger } from '../src/platform/logger';
import { randomIp } from '../test/helpers/onboard';
import { onboardOverHttp } from './day-setup';
import { readOutbox } from '../test/helpers/outbox';
import { decodeQuotedPrintable } from '../test/helpers/staff-api';
import { machineLine, ms, percentile, perSecond, table, writeSection, type Row } from './report';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const ROLES = ['admin', 'doctor', 'nurse', 'receptionist', 'lab_technician', 'pharmacist', 'accountant'] as const;
const RECEIVING = new Set(['admin', 'doctor', 'nurse', 'receptionist']);
const step = (what: string) => console.log(`${new Date().toISOString().slice(11, 19)} ${what}`);

type Json = Record<string, unknown>;
async function post(base: string, url: string, body: unknown, token?: string): Promise<Json> {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': randomIp(),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A hospital through the real API, with one signed-in account per role. */
async function hospitalWithEveryRole(base: string, dataDir: string) {
  const outbox = path.join(dataDir, 'outbox');
  const verified = await onboardOverHttp(base, dataDir);
  const tokens: Record<string, string> = { admin: verified.token as string };
  for (const role of ROLES.slice(1)) {
    const email = `${role}-${randomUUID().slice(0, 8)}@bench.test`;
    await post(base, '/api/users', { firstName: 'Bench', lastName: role, email, role }, tokens.admin);
    const mail = (await readOutbox(outbox, email))[0]!;
    const password = /^Temporary password: (\S+)\s*$/m.exec(decodeQuotedPrintable(mail.raw))![1]!;
    const token = ((await post(base, '/api/auth/login', { email, password })).data as { token: string }).token;
    // A temporary password opens only the change-password dialog's routes until it is changed.
    const chosen = `Bench-${randomUUID()}`;
    await post(base, '/api/auth/change-password', { currentPassword: password, newPassword: chosen }, token);
    tokens[role] = token;
  }
  return { tokens, hospitalId: (verified.hospital as { id: string }).id };
}

/** Times each receipt of message `index` against when it was sent; resolves once `expected` have arrived. */
class Receipts {
  readonly sentAt: number[] = [];
  readonly latencies: number[] = [];
  first = Infinity;
  last = 0;
  private done: (() => void) | null = null;
  constructor(private readonly expected: number) {}
  received(index: number) {
    const now = performance.now();
    this.latencies.push(now - this.sentAt[index]!);
    this.last = now;
    if (this.latencies.length === this.expected) this.done?.();
  }
  wait(timeoutMs: number): Promise<void> {
    if (this.latencies.length >= this.expected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.latencies.length} of ${this.expected} received in ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.done = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  summary(label: string, detail: string): Row {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const rate = (this.latencies.length / (this.last - this.first)) * 1000;
    return {
      measure: label,
      result: `p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}`,
      detail: `${perSecond(rate)} messages received; ${detail}`,
    };
  }
}

async function connectAll(urls: string[], onMessage: (socket: number, raw: string) => void): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < urls.length; start += 50) {
    const batch = urls.slice(start, start + 50).map(
      (url, k) =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          const i = start + k;
          ws.on('message', (raw) => onMessage(i, raw.toString()));
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

/** The baseline: a bare ws server broadcasting the same fan-out to the same number of sockets. */
async function rawBroadcast(receivers: number, total: number): Promise<Row[]> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const rows: Row[] = [];
  for (const [label, paced] of [
    ['burst', false],
    ['paced', true],
  ] as const) {
    const receipts = new Receipts(EVENTS * receivers);
    const clients = await connectAll(Array(total).fill(url), (socket, raw) => {
      if (socket < receivers) receipts.received((JSON.parse(raw) as { data: { i: number } }).data.i);
    });
    const targets = [...server.clients].slice(0, receivers);
    receipts.first = performance.now();
    for (let i = 0; i < EVENTS; i++) {
      receipts.sentAt[i] = performance.now();
      const frame = JSON.stringify({ type: 'patient_created', data: { i }, timestamp: new Date().toISOString() });
      for (const c of targets) c.send(frame);
      if (paced) await new Promise((r) => setTimeout(r, 20));
      else if (i % 8 === 7) await new Promise((r) => setImmediate(r));
    }
    await receipts.wait(120_000);
    rows.push(
      receipts.summary(
        `Raw ws broadcast, ${label} (baseline)`,
        `${EVENTS} frames to ${receivers} of ${total} sockets${paced ? ', 50/s' : ''}`,
      ),
    );
    clients.forEach((c) => c.terminate());
    await new Promise((r) => setTimeout(r, 200));
  }
  await new Promise((r) => server.close(r));
  return rows;
}

async function main() {
  const log = createLogger('silent');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-realtime-'));
  const embedded = await startEmbeddedPostgres(dir, log);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hms-bench-realtime-data-'));
  const rows: Row[] = [];
  try {
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret!',
        TRUST_PROXY: 'true',
      }),
      databaseUrl: embedded.url,
    };
    const app = await buildApp(config, { log, webDir: path.join(dataDir, 'no-web') });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.app.server.address() as AddressInfo).port;
    const base = `http://127.0.0.1:${port}`;
    const header = machineLine(
      `PostgreSQL ${(await app.platform.pool.query('show server_version')).rows[0].server_version} (embedded)`,
    );
    step('hospital and accounts');
    const { tokens, hospitalId } = await hospitalWithEveryRole(base, dataDir);
    const roles = Array.from({ length: SOCKETS }, (_, i) => ROLES[i % ROLES.length]!);
    const receivers = roles.filter((r) => RECEIVING.has(r)).length;

    const runs: [string, boolean][] = [
      ['burst from 8 writers', false],
      ['paced at 50/s', true],
    ];
    let batch = 0;
    for (const [label, paced] of runs) {
      step(`notifier, ${label}`);
      const receipts = new Receipts(EVENTS * receivers);
      const tag = `b${batch++}-`;
      const sockets = await connectAll(
        roles.map((r) => `ws://127.0.0.1:${port}/ws?token=${encodeURIComponent(tokens[r]!)}`),
        (_socket, raw) => {
          const m = JSON.parse(raw) as { type: string; data: { patient?: { lastName?: string } } };
          const name = m.data.patient?.lastName;
          if (m.type === 'patient_created' && name?.startsWith(tag)) receipts.received(Number(name.slice(tag.length)));
        },
      );
      const metadata = metadataFor({ hospitalId, actor: { userId: 'bench', role: 'receptionist', name: 'Bench' } });
      let next = 0;
      const appends: number[] = [];
      receipts.first = performance.now();
      const writer = async () => {
        for (let i = next++; i < EVENTS; i = next++) {
          const patientId = randomUUID();
          const t0 = performance.now();
          receipts.sentAt[i] = t0;
          await app.platform.store.append(
            `patient-${patientId}`,
            [
              {
                type: 'PatientRegistered',
                metadata: { ...metadata, occurredAt: new Date().toISOString() },
                data: {
                  patientId,
                  hospitalId,
                  firstName: 'Bench',
                  lastName: `${tag}${i}`,
                  dateOfBirth: '1990-01-01',
                  gender: 'Female',
                  phoneNumber: `080${String(10_000_000 + batch * EVENTS + i).padStart(8, '0')}`,
                  address: '1 Broad Street, Lagos',
                  identificationNumber: `BENCH${batch}${String(i).padStart(6, '0')}`,
                  emergencyContactName: null,
                  emergencyContactRelationship: null,
                  emergencyContactPhone: null,
                  status: 'waiting',
                },
              },
            ],
            { expectedRevision: 'no_stream' },
          );
          appends.push(performance.now() - t0);
          if (paced) await new Promise((r) => setTimeout(r, 20));
        }
      };
      await Promise.all(Array.from({ length: paced ? 1 : 8 }, writer));
      await receipts.wait(300_000);
      appends.sort((a, b) => a - b);
      rows.push(
        receipts.summary(
          `Notifier, ${label}`,
          `${EVENTS} events, ${EVENTS * receivers} deliveries to ${receivers} of ${SOCKETS} sockets (7 roles); ` +
            `the append alone p50 ${ms(percentile(appends, 0.5))}, p99 ${ms(percentile(appends, 0.99))}`,
        ),
      );
      sockets.forEach((s) => s.close(1000));
      await new Promise((r) => setTimeout(r, 500));
    }
    await app.close();

    step('raw ws broadcast');
    rows.push(...(await rawBroadcast(receivers, SOCKETS)));

    const md = [
      '## Realtime: the notifier (`npm run bench:realtime`)',
      '',
      header,
      '',
      table(rows),
      '',
      'Latency is from the moment an append starts to the moment a socket receives the message, over every delivery;',
      'the rate counts messages received by all sockets per second of the run. The notifier path is append →',
      'feed → notifications projection (stored once) → delivery reads the stored rows → one frame per receiving',
      'role; the baseline sends ready-made frames from a bare `ws` server to the same number of sockets in this process.',
    ].join('\n');
    console.log(`\n${md}\n`);
    console.log(`written to ${await writeSection('realtime', md)}`);
  } finally {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
