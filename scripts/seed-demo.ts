/**
 * A demo hospital to click through: `npm run seed:demo`.
 *
 * Creates (or, run again, reuses) "St. Nicholas Demo Hospital" with its administrator and one
 * account per staff role, each with a known password, prints the credentials, and registers a
 * realistic spread of Nigerian patients with statuses and vitals. Everything goes through the
 * application's own HTTP routes (onboarding, staff, patients) in this process, so every record
 * is an event with who and when, exactly as if the staff had typed it.
 *
 * Uses the same environment as `npm start`: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR
 * (stop the server first: the embedded database opens in one process at a time). Mail is kept in
 * memory, so no message leaves even when SMTP_URL is set. DEMO_PATIENTS sets how many patients
 * the hospital should have (default 200).
 */
import { buildApp } from '../src/app';
import { ConfigError, loadConfig } from '../src/platform/config';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../src/platform/db/embedded-postgres';
import { createLogger } from '../src/platform/logger';
import type { MailMessage, Mailer } from '../src/platform/mail/mailer';
import type { HttpApp } from '../src/platform/platform';
import { demoPatient, demoStatus, demoVitals, random } from './demo-patients';

const PATIENTS = Number(process.env.DEMO_PATIENTS ?? 200);
const DOMAIN = 'stnicholas-demo.example.com';
const ADMIN = { email: `admin@${DOMAIN}`, password: 'Lekki-Sunrise-Demo-2024!', name: 'Dr. Folasade Adebayo-Cole' };
const STAFF_PASSWORD = 'Demo-Staff-2024!';
const STAFF = [
  { role: 'doctor', firstName: 'Chukwudi', lastName: 'Okonkwo' },
  { role: 'nurse', firstName: 'Aisha', lastName: 'Bello' },
  { role: 'receptionist', firstName: 'Temitope', lastName: 'Adewale' },
  { role: 'lab_technician', firstName: 'Emeka', lastName: 'Nwosu' },
  { role: 'pharmacist', firstName: 'Halima', lastName: 'Yusuf' },
  { role: 'accountant', firstName: 'Babatunde', lastName: 'Ogunleye' },
] as const;
type StaffRole = (typeof STAFF)[number]['role'];

/** Mail kept in memory; the newest message to an address is what a person would read next. */
class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  latest(to: string, pattern: RegExp): string {
    for (let i = this.sent.length - 1; i >= 0; i--) {
      const m = this.sent[i]!;
      const found = m.to.toLowerCase() === to.toLowerCase() ? pattern.exec(m.text)?.[1] : undefined;
      if (found) return found;
    }
    throw new Error(`no mail to ${to} matching ${pattern}`);
  }
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function client(app: HttpApp) {
  // Like a browser, it sends back the cookie the registration answer binds it with (issue 33).
  let cookie: string | undefined;
  return async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: object, token?: string) => {
    const res = await app.inject({
      method,
      url,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
      },
      ...(body ? { payload: body } : {}),
    });
    const bound = res.cookies.find((c) => c.name === 'hms_registration');
    if (bound) cookie = `hms_registration=${bound.value}`;
    return { status: res.statusCode, body: res.json() as Json };
  };
}
type Call = ReturnType<typeof client>;

function must(res: { status: number; body: Json }, what: string): Json {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

const poll = async <T>(attempt: () => Promise<T | null>, what: string): Promise<T> => {
  for (let i = 0; i < 100; i++) {
    const value = await attempt();
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/** The admin's token: signs in, or onboards the hospital the way its administrator would. */
async function demoAdmin(call: Call, mail: MemoryMailer): Promise<string> {
  const login = await call('POST', '/api/admin/login', { email: ADMIN.email, password: ADMIN.password });
  if (login.status === 200) return login.body.token as string;
  const year = new Date().getFullYear();
  const registered = await call('POST', '/api/hospital/register-with-verification', {
    hospitalData: {
      name: 'St. Nicholas Demo Hospital',
      registrationNumber: `RGN/LAG/${year}/0042017`,
      licenseNumber: `HEFAMAA/LAG/${year}/CLI/204517`,
      hospitalNumber: `DVC/${year}/204517`,
      email: `info@${DOMAIN}`,
    },
    adminData: {
      fullName: ADMIN.name,
      jobTitle: 'Medical Director',
      email: ADMIN.email,
      password: ADMIN.password,
      confirmPassword: ADMIN.password,
    },
  });
  // A registration left pending by an interrupted run does not block this one: each has its own code.
  must(registered, 'registering the hospital');
  const code = mail.latest(ADMIN.email, /^\s*(\d{6})\s*$/m);
  return must(await call('POST', '/api/hospital/verify-email', { email: ADMIN.email, token: code }), 'verifying')
    .token as string;
}

/** A staff member's token with the demo password: signs in, or hires them and sets it. */
async function demoStaff(call: Call, mail: MemoryMailer, admin: string, s: (typeof STAFF)[number]) {
  const email = `${s.role.replace('_', '.')}@${DOMAIN}`;
  const login = await call('POST', '/api/auth/login', { email, password: STAFF_PASSWORD });
  if (login.status === 200) return { email, token: login.body.data.token as string };
  const found = must(await call('GET', `/api/users?search=${encodeURIComponent(email)}`, undefined, admin), 'users');
  const existing = (found.data.users as Json[]).find((u) => u.email === email);
  if (existing) must(await call('POST', `/api/users/${existing.id}/invitation`, undefined, admin), 'reinviting');
  else must(await call('POST', '/api/users', { ...s, email }, admin), `hiring the ${s.role}`);
  const temporary = await poll(async () => {
    try {
      return mail.latest(email, /^Temporary password: (\S+)\s*$/m);
    } catch {
      return null;
    }
  }, `the invitation to ${email}`);
  const first = must(await call('POST', '/api/auth/login', { email, password: temporary }), `signing in ${email}`);
  const token = first.data.token as string;
  const change = { currentPassword: temporary, newPassword: STAFF_PASSWORD, confirmPassword: STAFF_PASSWORD };
  must(await call('POST', '/api/auth/change-password', change, token), `setting ${email}'s password`);
  const again = must(await call('POST', '/api/auth/login', { email, password: STAFF_PASSWORD }), `signing in ${email}`);
  return { email, token: again.data.token as string };
}

/** Registers patients up to PATIENTS, then moves them through the day: statuses and vitals. */
async function demoPatients(call: Call, tokens: Record<StaffRole, string>) {
  const existing = must(await call('GET', '/api/patients?count_only=true', undefined, tokens.receptionist), 'count');
  const have = existing.data.pagination.totalPatients as number;
  const rnd = random(20_240_601 + have);
  const idPrefix = `PAT${String(Date.now()).slice(-6)}`;
  let vitals = 0;
  for (let n = have; n < PATIENTS; n++) {
    const payload = { ...demoPatient(rnd, n, idPrefix), allowDuplicate: true };
    const patient = must(await call('POST', '/api/patients', payload, tokens.receptionist), 'registering').data
      .patient as Json;
    const status = demoStatus(rnd);
    if (status !== 'waiting') {
      // A patient reaches seen or beyond by way of the consulting room.
      const path = ['seen', 'discharged', 'transferred'].includes(status) ? ['consultation', status] : [status];
      for (const step of path) {
        const by = rnd() < 0.7 ? tokens.doctor : tokens.nurse;
        must(await call('PATCH', `/api/patients/${patient.id}/status`, { status: step }, by), 'status');
      }
    }
    if (status !== 'waiting' || rnd() < 0.3) {
      must(await call('POST', `/api/patients/${patient.id}/vitals`, demoVitals(rnd), tokens.nurse), 'vitals');
      vitals++;
    }
    if ((n + 1) % 50 === 0) process.stdout.write(`  ${n + 1} patients\n`);
  }
  return { registered: Math.max(0, PATIENTS - have), vitals };
}

async function main(): Promise<number> {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`${e.message}\n`);
      return 1;
    }
    throw e;
  }
  const log = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  let embedded: EmbeddedDatabase | undefined;
  if (!config.databaseUrl) {
    embedded = await startEmbeddedPostgres(config.dataDir, log).catch((e: unknown) => {
      throw new Error(
        `cannot open the embedded PostgreSQL in ${config.dataDir} (is the server running?): ${String(e)}`,
      );
    });
  }
  const mail = new MemoryMailer();
  const built = await buildApp({ ...config, databaseUrl: config.databaseUrl ?? embedded!.url }, { log, mailer: mail });
  try {
    const call = client(built.app);
    const admin = await demoAdmin(call, mail);
    const tokens = {} as Record<StaffRole, string>;
    const accounts: [string, string, string][] = [['admin', ADMIN.email, ADMIN.password]];
    for (const s of STAFF) {
      const { email, token } = await demoStaff(call, mail, admin, s);
      tokens[s.role] = token;
      accounts.push([s.role, email, STAFF_PASSWORD]);
    }
    process.stdout.write(`Patients (up to ${PATIENTS}):\n`);
    const { registered, vitals } = await demoPatients(call, tokens);
    const stats = must(await call('GET', '/api/patients/stats', undefined, admin), 'stats').data as Json;

    const width = Math.max(...accounts.map(([, e]) => e.length));
    process.stdout.write(
      [
        '',
        'St. Nicholas Demo Hospital is ready. Sign in at /admin/login (admin) or /user/login (staff):',
        '',
        ...accounts.map(([role, email, password]) => `  ${role.padEnd(15)} ${email.padEnd(width)}  ${password}`),
        '',
        `Patients: ${stats.totalPatients} (${registered} registered now, ${vitals} with vitals recorded now)`,
        `By status: ${Object.entries(stats.byStatus as Record<string, number>)
          .map(([s, n]) => `${s} ${n}`)
          .join(', ')}`,
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await built.close();
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(`seed:demo failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
