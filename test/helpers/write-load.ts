import path from 'node:path';
import pg from 'pg';
import { randomIp, registrationCookie, registrationInput } from './onboard';
import { readVerificationCode } from './outbox';
import { newPatient } from './patients-api';
import { call } from './server-process';

/** A hospital onboarded over real HTTP (register, then verify with the mailed code); its admin's token. */
export async function onboardOverHttp(baseUrl: string, dataDir: string): Promise<string> {
  const input = registrationInput();
  const ip = randomIp();
  const registered = await call(baseUrl, 'POST', '/api/hospital/register-with-verification', { body: input, ip });
  if (registered.status !== 200) throw new Error(`registration: ${registered.status}`);
  const code = await readVerificationCode(path.join(dataDir, 'outbox'), input.adminData.email);
  // The code verifies the registration this client made: the answer's cookie binds them (issue 33).
  const verified = await call(baseUrl, 'POST', '/api/hospital/verify-email', {
    body: { email: input.adminData.email, token: code },
    ip,
    headers: { cookie: registrationCookie(registered) },
  });
  if (verified.status !== 200) throw new Error(`verification: ${verified.status}`);
  return verified.body.token as string;
}

export type LoadResult = {
  /** Patients whose registration was answered 201: acknowledged writes. */
  acknowledged: string[];
  /** 503 answers, and how many of them carried Retry-After and the error envelope. */
  unavailable: number;
  unavailableWellFormed: number;
  /** Anything else: another status, or no answer at all (the process gone). */
  unexpected: string[];
};

/**
 * `clients` clients registering patients over real HTTP, each sending its next request as soon as
 * the last is answered, until `stop()`; a 503 is waited out briefly, as a client honouring
 * Retry-After would (shortened here so the test stays quick).
 */
export function writeLoad(baseUrl: string, token: string, clients = 8) {
  const result: LoadResult = { acknowledged: [], unavailable: 0, unavailableWellFormed: 0, unexpected: [] };
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      try {
        const res = await fetch(`${baseUrl}/api/patients`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${token}`,
            'x-forwarded-for': randomIp(),
          },
          body: JSON.stringify(newPatient()),
        });
        const body = (await res.json().catch(() => ({}))) as {
          success?: boolean;
          message?: string;
          data?: { patient: { id: string } };
        };
        if (res.status === 201) result.acknowledged.push(body.data!.patient.id);
        else if (res.status === 503) {
          result.unavailable++;
          const retryAfter = Number(res.headers.get('retry-after'));
          if (retryAfter > 0 && body.success === false && typeof body.message === 'string')
            result.unavailableWellFormed++;
          await new Promise((r) => setTimeout(r, 50));
        } else result.unexpected.push(`${res.status} ${JSON.stringify(body)}`);
      } catch (e) {
        result.unexpected.push(`no answer: ${(e as Error).cause ?? (e as Error).message}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  };
  const running = Promise.all(Array.from({ length: clients }, client));
  return {
    result,
    stop: async () => {
      stopped = true;
      await running;
      return result;
    },
  };
}

/** How many of the patients have their registration in the event log. */
export async function patientsStored(databaseUrl: string, ids: string[]): Promise<number> {
  const c = new pg.Client({ connectionString: databaseUrl });
  c.on('error', () => undefined);
  await c.connect();
  try {
    const { rows } = await c.query<{ n: string }>(
      `select count(distinct stream_id)::text as n from events where stream_id = any($1) and type = 'PatientRegistered'`,
      [ids.map((id) => `patient-${id}`)],
    );
    return Number(rows[0]!.n);
  } finally {
    await c.end();
  }
}

/** Waits until a write is acknowledged again (the server recovered), at most `ms`. */
export async function untilWritesSucceed(baseUrl: string, token: string, ms = 30_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const res = await call(baseUrl, 'POST', '/api/patients', { token, body: newPatient(), ip: randomIp() }).catch(
      () => ({ status: 0 }),
    );
    if (res.status === 201) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`no write acknowledged within ${ms} ms (last ${res.status})`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
