import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LandingPage from './landing-page';

function CurrentPath() {
  const location = useLocation();
  return <p data-testid="current-path">{location.pathname}</p>;
}

function renderLanding() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="*" element={<CurrentPath />} />
      </Routes>
    </MemoryRouter>,
  );
}

// jsdom has no layout, so it lacks scrollIntoView; record which element was asked to scroll.
const scrolled: Element[] = [];
beforeEach(() => {
  scrolled.length = 0;
  Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
    scrolled.push(this);
  });
});
afterEach(() => {
  delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('Landing page', () => {
  it('shows the hero with every claim and the three anchored sections', () => {
    const { container } = renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Run your hospital');
    for (const claim of [
      'User management',
      'Patient care records',
      'Analytics',
      'Compliant security',
      '24/7 support',
    ]) {
      expect(screen.getAllByText(claim).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Free 30-day trial')).toBeInTheDocument();
    expect(screen.getByText('No credit card required')).toBeInTheDocument();
    expect(container.querySelector('#features')).toContainElement(screen.getByRole('heading', { name: 'Features' }));
    expect(container.querySelector('#pricing')).toContainElement(screen.getByRole('heading', { name: 'Pricing' }));
    expect(container.querySelector('#contact')).toContainElement(screen.getByRole('heading', { name: 'Contact' }));
    expect(screen.getByRole('heading', { name: 'Full audit trail' })).toBeInTheDocument();
  });

  it('links the header navigation to the three sections', () => {
    renderLanding();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/#features');
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/#pricing');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/#contact');
  });

  it('renders the three plans with their prices', () => {
    renderLanding();
    const clinic = screen.getByRole('article', { name: 'Clinic' });
    expect(clinic).toHaveTextContent('Free forever');
    expect(clinic).toHaveTextContent('Up to 7 users');
    expect(clinic).toHaveTextContent('Basic reporting');
    const hospital = screen.getByRole('article', { name: 'Hospital' });
    expect(hospital).toHaveTextContent('₦5,999 per month');
    expect(hospital).toHaveTextContent('Recommended');
    expect(hospital).toHaveTextContent('Unlimited users');
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(enterprise).toHaveTextContent('Custom');
    expect(enterprise).toHaveTextContent('Multi-hospital');
    expect(enterprise).toHaveTextContent('API access');
    expect(clinic).not.toHaveTextContent('Recommended');
    expect(enterprise).not.toHaveTextContent('Recommended');
  });

  it('sends every Get Started link and the Enterprise Contact Us to /onboarding', () => {
    renderLanding();
    const getStarted = screen.getAllByRole('link', { name: 'Get Started' });
    // Header, Clinic, Hospital and the contact section.
    expect(getStarted).toHaveLength(4);
    for (const link of getStarted) expect(link).toHaveAttribute('href', '/onboarding');
    const enterprise = screen.getByRole('article', { name: 'Enterprise' });
    expect(within(enterprise).getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/onboarding');
    for (const plan of ['Clinic', 'Hospital']) {
      const card = screen.getByRole('article', { name: plan });
      expect(within(card).getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/onboarding');
    }
  });

  it('navigates to /onboarding when Get Started is pressed', async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(screen.getAllByRole('link', { name: 'Get Started' })[0]!);
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/onboarding');
  });

  it('lets the visitor choose between the administrator and the staff sign-in', async () => {
    const user = userEvent.setup();
    renderLanding();
    const signIn = screen.getByRole('group', { name: 'Sign In' });
    const links = within(signIn).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Administrator sign-in', '/admin/login'],
      ['Staff sign-in', '/user/login'],
    ]);
    await user.click(within(signIn).getByRole('link', { name: 'Staff sign-in' }));
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/user/login');
  });

  it('reaches both sign-in pages by keyboard', async () => {
    const user = userEvent.setup();
    renderLanding();
    const admin = screen.getByRole('link', { name: 'Administrator sign-in' });
    admin.focus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Staff sign-in' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(admin).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('current-path')).toHaveTextContent('/admin/login');
  });

  it('scrolls to pricing and focuses its heading when Start Free Trial is pressed', async () => {
    const user = userEvent.setup();
    const { container } = renderLanding();
    await user.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    expect(scrolled).toEqual([container.querySelector('#pricing')]);
    expect(screen.getByRole('heading', { name: 'Pricing' })).toHaveFocus();
  });

  it('scrolls to a section when its navigation link is pressed', async () => {
    const user = userEvent.setup();
    const { container } = renderLanding();
    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Contact' }));
    expect(scrolled).toEqual([container.querySelector('#contact')]);
    expect(screen.getByRole('heading', { name: 'Contact' })).toHaveFocus();
  });

  it('opens and closes the menu with the Menu button and Escape', async () => {
    const user = userEvent.setup();
    renderLanding();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('shows a support email address in the contact section', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'support@hms.ng' })).toHaveAttribute('href', 'mailto:support@hms.ng');
  });
});
