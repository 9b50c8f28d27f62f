import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Download, type Page } from 'playwright-core';

/** Debian's Chromium, used when the machine has it. */
export const SYSTEM_CHROMIUM_PATH = '/usr/bin/chromium';

/** Where the npm-shipped Chromium is unpacked: inside this checkout, one folder per package version. */
const BUNDLED_CACHE = join(dirname(fileURLToPath(import.meta.url)), '../../../node_modules/.cache/hms-chromium');

export type ChromiumChoice = {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'system' | 'bundled';
  /** Extra environment for the browser process (the bundled one brings its own fonts). */
  env: Record<string, string>;
};

/**
 * Which Chromium the browser tests drive:
 * 1. `CHROMIUM_PATH`, when set (it must exist);
 * 2. Debian's `/usr/bin/chromium`, when installed;
 * 3. otherwise the Chromium that `npm install` brought (`@sparticuz/chromium`, a devDependency), unpacked once
 *    from its brotli archives into node_modules/.cache. No apt, no download.
 */
export async function chooseChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  const configured = env.CHROMIUM_PATH?.trim();
  if (configured) {
    if (!existsSync(configured)) throw new Error(`CHROMIUM_PATH is set to ${configured}, which does not exist`);
    return { executablePath: configured, source: 'CHROMIUM_PATH', env: {} };
  }
  if (existsSync(SYSTEM_CHROMIUM_PATH)) return { executablePath: SYSTEM_CHROMIUM_PATH, source: 'system', env: {} };
  return bundledChromium();
}

export async function bundledChromium(): Promise<ChromiumChoice> {
  const packageJson = JSON.parse(
    await readFile(join(BUNDLED_CACHE, '../../@sparticuz/chromium/package.json'), 'utf8'),
  ) as { version: string };
  const dir = join(BUNDLED_CACHE, packageJson.version);
  const executablePath = join(dir, 'chromium');
  if (!existsSync(executablePath)) await unpackBundledChromium(dir);
  return { executablePath, source: 'bundled', env: { FONTCONFIG_PATH: join(dir, 'fontconfig') } };
}

/**
 * Unpacks into a folder of this process's own and renames it into place, so two test runs that start together
 * never launch a half-written binary: the loser of the rename drops its copy.
 */
async function unpackBundledChromium(dir: string): Promise<void> {
  const staging = `${dir}.${process.pid}.unpacking`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const { default: Chromium } = await import('@sparticuz/chromium');
    // The package unpacks into os.tmpdir(), which it reads synchronously when the call starts.
    const previousTmpdir = process.env.TMPDIR;
    process.env.TMPDIR = staging;
    let unpacking: Promise<string>;
    try {
      unpacking = Chromium.executablePath();
    } finally {
      if (previousTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmpdir;
    }
    const unpacked = await unpacking;
    if (unpacked !== join(staging, 'chromium')) throw new Error(`@sparticuz/chromium unpacked to ${unpacked}`);
    // Its fonts.conf names Lambda's folders; this one keeps the machine's fonts and adds the bundled ones.
    await mkdir(join(staging, 'fontconfig'));
    await writeFile(
      join(staging, 'fontconfig', 'fonts.conf'),
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
        `  <dir>${join(dir, 'fonts', 'fonts')}</dir>`,
        `  <cachedir>${join(dir, 'fontconfig', 'cache')}</cachedir>`,
        '</fontconfig>',
        '',
      ].join('\n'),
    );
    await rename(staging, dir).catch((error: NodeJS.ErrnoException) => {
      if (!existsSync(join(dir, 'chromium'))) throw error;
    });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/**
 * How Chromium is started for playwright-core (which never downloads a browser of its own).
 * The flags keep it from reaching for the network at start-up: this machine has none.
 */
export async function chromiumLaunchOptions() {
  const choice = await chooseChromium();
  return {
    executablePath: choice.executablePath,
    env: { ...process.env, ...choice.env },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-quic',
      '--no-first-run',
      '--disable-component-update',
      '--disable-sync',
    ],
  };
}

/** A Chromium of the test file's own (the browser project's global set-up shares one instead). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await chromiumLaunchOptions());
}

/**
 * The Chromium the browser project's global set-up started for the whole run, when there is one
 * (every file then opens its own contexts in it), or else one of this file's own.
 */
export async function sharedOrOwnBrowser(wsEndpoint: string | undefined): Promise<Browser> {
  return wsEndpoint ? chromium.connect(wsEndpoint) : launchBrowser();
}

export type OpenedPage = { context: BrowserContext; page: Page; pageErrors: Error[] };

/**
 * A page in a fresh context (no shared storage between tests). Uncaught exceptions in the page are
 * collected so a test can assert the app did not crash while it looked fine. The app's service
 * worker is blocked unless asked for (`serviceWorkers: 'allow'`): a test of a screen talks to the
 * server, and need not wait for a worker to keep the whole build first.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
  options: { serviceWorkers?: 'allow' | 'block'; clock?: () => Date; reducedMotion?: 'reduce' } = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport,
    serviceWorkers: options.serviceWorkers ?? 'block',
    // A person who asked the system for less motion (prefers-reduced-motion).
    ...(options.reducedMotion && { reducedMotion: options.reducedMotion }),
  });
  // The page's clock starts at the test's clock and runs at the real pace, as the test's clock does.
  if (options.clock) await context.clock.install({ time: options.clock() });
  const page = await context.newPage();
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  return { context, page, pageErrors };
}

/**
 * A download's file on this machine. The browser of the run is shared (launchServer) and reached over its
 * socket, so `download.path()` is not available: `saveAs` copies the file here.
 */
export async function savedCopy(download: Download): Promise<string> {
  const file = join(mkdtempSync(join(os.tmpdir(), 'hms-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
