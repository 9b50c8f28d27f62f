import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSuite } from './helpers/suite';

const suite = browserSuite();
const open = suite.open;

/** Resolves once the element's top edge sits in the upper half of the viewport (smooth scrolling ends there). */
async function waitUntilScrolledTo(page: Page, id: string) {
  await page.waitForFunction((sectionId) => {
    const top = document.getElementById(sectionId)?.getBoundingClientRect().top;
    return top !== undefined && top >= 0 && top < window.innerHeight / 2;
  }, id);
}

describe('Landing page in Chromium', () => {
  it('shows the hero and the three sections, and Get Started opens onboarding', async () => {
    const { page, pageErrors } = await open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: /Run your hospital/ }).waitFor();
    expect(await page.getByText('Free 30-day trial', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('No credit card required', { exact: true }).isVisible()).toBe(true);
    for (const [id, name] of [
      ['features', 'Features'],
      ['pricing', 'Pricing'],
      ['contact', 'Contact'],
    ] as const) {
      const heading = page.locator(`#${id}`).getByRole('heading', { level: 2, name, exact: true });
      await heading.scrollIntoViewIfNeeded();
      expect(await heading.isVisible()).toBe(true);
    }
    for (const plan of ['Clinic', 'Hospital', 'Enterprise']) {
      expect(await page.getByRole('article', { name: plan }).isVisible()).toBe(true);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL(`${suite.server.baseUrl}/onboarding`);
    expect(new URL(page.url()).pathname).toBe('/onboarding');
    expect(pageErrors).toEqual([]);
  });

  it('scrolls to pricing when Start Free Trial is pressed', async () => {
    const { page } = await open();
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Free Trial' }).click();
    await waitUntilScrolledTo(page, 'pricing');
    expect(await page.getByRole('article', { name: 'Hospital' }).isVisible()).toBe(true);
  });

  it('can be used by keyboard: Tab to Get Started and press Enter', async () => {
    const { page } = await open();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    let focused = '';
    for (let i = 0; i < 12 && focused !== 'Get Started'; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    }
    expect(focused).toBe('Get Started');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${suite.server.baseUrl}/onboarding`);
  });

  it('sends an unknown route back to the landing page', async () => {
    const { page } = await open();
    await page.goto('/some/unknown/route');
    await page.waitForURL(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: /Run your hospital/ }).waitFor();
  });

  it('fits a 375px phone without horizontal scrolling and folds the links into a menu', async () => {
    const { page, pageErrors } = await open({ width: 375, height: 740 });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);

    const pricingLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' });
    expect(await pricingLink.isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await pricingLink.click();
    await waitUntilScrolledTo(page, 'pricing');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(pageErrors).toEqual([]);
  });
});
