import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomIp, registrationCookie, registrationInput } from '../test/helpers/onboard';
import { readVerificationCode } from '../test/helpers/outbox';
import { decodeQuotedPrintable } from '../test/helpers/staff-api';
import type { Role } from './day-staff';

/**
 * The hospital of `bench:day` through the real API: onboarding, the Hospital plan, staff hired by
 * the administrator and signed in with their mailed temporary password (changed at once, as the
 * first sign-in dialog makes them), a pharmacy stock and a price list.
 */
type Json = Record<string, unknown>;

export async function post(base: string, url: string, body: unknown, token?: string, ip = randomIp()): Promise<Json> {
  const res = await fetch(`${base}${url}`, {
    method: url === '/api/users/plan' || url === '/api/billing/prices' ? 'PUT' : 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Json;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The outbox read once per file: 200 invitations are too many to re-read for each. */
class Outbox {
  private readonly seen = new Map<string, { to: string; raw: string }>();
  constructor(private readonly dir: string) {}
  async passwordFor(email: string, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const file of await readdir(this.dir).catch(() => [] as string[])) {
        if (!file.endsWith('.eml') || this.seen.has(file)) continue;
        const raw = await readFile(path.join(this.dir, file), 'utf8');
        const to = /^To: (.*)$/im.exec(raw.split(/\r?\n\r?\n/, 1)[0]!)?.[1] ?? '';
        this.seen.set(file, { to: to.toLowerCase(), raw });
      }
      for (const m of this.seen.values()) {
        if (!m.to.includes(email.toLowerCase())) continue;
        const password = /^Temporary password: (\S+)\s*$/m.exec(decodeQuotedPrintable(m.raw))?.[1];
        if (password) return password;
      }
      if (Date.now() > deadline) throw new Error(`no invitation to ${email}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** `email` and `password`: to sign in again later (bench:screens keeps its hospital between runs). */
export type Account = { role: Role; token: string; ip: string; email: string; password: string };

/** Registers and verifies a hospital as its browser would: the verify call carries the registration's cookie. */
export async function onboardOverHttp(base: string, dataDir: string, input = registrationInput()): Promise<Json> {
  const ip = randomIp();
  const send = (url: string, body: unknown, cookie?: string) =>
    fetch(`${base}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const registered = await send('/api/hospital/register-with-verification', input);
  if (!registered.ok) throw new Error(`registration: ${registered.status} ${await registered.text()}`);
  const cookie = registrationCookie(registered);
  const code = await readVerificationCode(path.join(dataDir, 'outbox'), input.adminData.email, 10_000);
  const verified = await send('/api/hospital/verify-email', { email: input.adminData.email, token: code }, cookie);
  if (!verified.ok) throw new Error(`verification: ${verified.status} ${await verified.text()}`);
  return (await verified.json()) as Json;
}

export async function openHospital(base: string, dataDir: string) {
  const input = registrationInput();
  const verified = await onboardOverHttp(base, dataDir, input);
  const adminToken = verified.token as string;
  await post(base, '/api/users/plan', { plan: 'hospital' }, adminToken);
  return {
    adminToken,
    hospitalId: (verified.hospital as { id: string }).id,
    admin: { email: input.adminData.email, password: input.adminData.password },
  };
}

/**
 * `roles` signed in, `concurrency` at a time. Admin accounts are made only by onboarding, so the
 * admins are the onboarded administrator signed in at as many workstations.
 */
export async function hire(
  base: string,
  dataDir: string,
  hospital: Awaited<ReturnType<typeof openHospital>>,
  roles: Role[],
  concurrency = 4,
): Promise<Account[]> {
  const outbox = new Outbox(path.join(dataDir, 'outbox'));
  const accounts: Account[] = new Array(roles.length);
  let next = 0;
  const one = async (role: Role): Promise<Account> => {
    const ip = randomIp();
    if (role === 'admin') {
      const login = await post(base, '/api/admin/login', hospital.admin, undefined, ip);
      return { role, token: (login.data as { token: string }).token, ip, ...hospital.admin };
    }
    const email = `${role.replace('_', '-')}-${randomUUID().slice(0, 8)}@bench.test`;
    const first = role.slice(0, 1).toUpperCase() + role.slice(1).replace('_', ' ');
    await post(base, '/api/users', { firstName: first, lastName: `Day${next}`, email, role }, hospital.adminToken);
    const password = await outbox.passwordFor(email);
    const login = await post(base, '/api/auth/login', { email, password }, undefined, ip);
    const token = (login.data as { token: string }).token;
    const chosen = `Okra-Harmattan-${randomUUID().slice(0, 12)}`;
    await post(
      base,
      '/api/auth/change-password',
      { currentPassword: password, newPassword: chosen, confirmPassword: chosen },
      token,
      ip,
    );
    return { role, token, ip, email, password: chosen };
  };
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < roles.length; i = next++) accounts[i] = await one(roles[i]!);
    }),
  );
  return accounts;
}

export const MEDICATIONS = [
  ['Paracetamol 500mg', 50],
  ['Amoxicillin 500mg', 120],
  ['Artemether/Lumefantrine 80/480mg', 900],
  ['Metronidazole 400mg', 80],
  ['Ibuprofen 400mg', 60],
  ['Ciprofloxacin 500mg', 200],
  ['Omeprazole 20mg', 150],
  ['Amlodipine 5mg', 100],
  ['Metformin 500mg', 70],
  ['Vitamin C 100mg', 20],
  ['Loratadine 10mg', 90],
  ['Ferrous sulphate 200mg', 30],
] as const;

/** A stock of each medication (plenty for the day) and the price list; returns the medications. */
export async function stockPharmacy(base: string, pharmacist: Account, accountant: Account) {
  const medications: { id: string; name: string }[] = [];
  for (const [name] of MEDICATIONS) {
    const made = await post(
      base,
      '/api/inventory/medications',
      {
        name,
        batchNumber: `B-${randomUUID().slice(0, 6)}`,
        vendor: 'Emzor Pharmaceuticals',
        expiryDate: '2099-12-31',
        quantity: 1_000_000,
        reorderLevel: 500,
      },
      pharmacist.token,
      pharmacist.ip,
    );
    medications.push((made.data as { medication: { id: string; name: string } }).medication);
  }
  await post(
    base,
    '/api/billing/prices',
    {
      medications: MEDICATIONS.map(([name, price]) => ({ name, price })),
      labTests: [
        ['FBC', 'Full Blood Count', 3000],
        ['URINE', 'Urine Analysis', 1500],
        ['BST', 'Blood Sugar Test', 1000],
        ['LFT', 'Liver Function Test', 6000],
        ['KFT', 'Kidney Function Test', 6000],
        ['CXR', 'Chest X-ray', 8000],
        ['ECG', 'ECG', 5000],
      ].map(([code, name, price]) => ({ code, name, price })),
    },
    accountant.token,
    accountant.ip,
  );
  return medications;
}

/** Until /api/health (asked from this machine) shows every projection with nothing behind. */
export async function caughtUp(base: string, timeoutMs = 20 * 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = (await (await fetch(`${base}/api/health`)).json()) as {
      data: { projections?: { eventsBehind: number }[] };
    };
    if ((health.data.projections ?? []).every((p) => p.eventsBehind === 0)) return;
    if (Date.now() > deadline) throw new Error('the server did not catch up');
    await new Promise((r) => setTimeout(r, 1000));
  }
}
