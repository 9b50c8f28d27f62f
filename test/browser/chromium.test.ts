import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bundledChromium, chooseChromium, SYSTEM_CHROMIUM_PATH } from './helpers/browser';

describe('The Chromium the browser tests drive', () => {
  it('uses the Chromium that npm install brought, and it renders a page with text', async () => {
    const bundled = await bundledChromium();
    expect(bundled.source).toBe('bundled');
    expect(bundled.executablePath).toContain('node_modules/.cache/hms-chromium/');
    const browser = await chromium.launch({
      executablePath: bundled.executablePath,
      env: { ...process.env, ...bundled.env },
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<main><h1 id="t">Patients waiting</h1></main>');
      expect(await page.getByRole('heading', { name: 'Patients waiting' }).textContent()).toBe('Patients waiting');
      // Fonts were found: the heading has a real width.
      const width = await page.locator('#t span, #t').evaluate((el) => el.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(50);
    } finally {
      await browser.close();
    }
  });

  it('prefers CHROMIUM_PATH, then the machine Chromium, then the bundled one', async () => {
    await expect(chooseChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).rejects.toThrow(
      'CHROMIUM_PATH is set to /nowhere/chromium, which does not exist',
    );
    const bundled = await bundledChromium();
    expect(await chooseChromium({ CHROMIUM_PATH: bundled.executablePath })).toEqual({
      executablePath: bundled.executablePath,
      source: 'CHROMIUM_PATH',
      env: {},
    });
    const unset = await chooseChromium({});
    expect(unset.source).toBe(existsSync(SYSTEM_CHROMIUM_PATH) ? 'system' : 'bundled');
  });
});
