import { existsSync } from 'node:fs';
import path from 'node:path';
import { WEB_DIST } from '../../../src/app';
import { startTestApp, type TestApp } from '../../helpers/app';
import { withAppointmentsClock } from '../../helpers/booking-clock';

export type BrowserServer = {
  /** e.g. http://127.0.0.1:40123, no trailing slash. */
  baseUrl: string;
  dataDir: string;
  /** Where the mailer writes .eml files (no SMTP_URL is set for browser tests). */
  outboxDir: string;
  /** The running app, for tests that need the platform (event store, read models). */
  testApp: TestApp;
  close: () => Promise<void>;
};

/**
 * The real application (every module, projections, PostgreSQL) on a fresh database and data dir,
 * listening on a free loopback port and serving the built web app from dist/web.
 * `npm test` builds first; run `npm run build` yourself before `vitest run --project browser`.
 * With `appointmentsClock`, the appointment book reckons "now" and "today" by it instead of the wall clock.
 */
export async function startBrowserServer(
  options: { env?: Record<string, string>; appointmentsClock?: () => Date } = {},
): Promise<BrowserServer> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${path.join(WEB_DIST, 'index.html')} is missing: run npm run build first`);
  }
  const clock = options.appointmentsClock;
  const testApp = await startTestApp({
    env: options.env,
    webDir: WEB_DIST,
    ...(clock && { modules: withAppointmentsClock(clock) }),
  });
  try {
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
  } catch (e) {
    await testApp.close();
    throw e;
  }
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') {
    await testApp.close();
    throw new Error('the browser-test server has no TCP address');
  }
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    dataDir: testApp.dataDir,
    outboxDir: path.join(testApp.dataDir, 'outbox'),
    testApp,
    close: () => testApp.close(),
  };
}
