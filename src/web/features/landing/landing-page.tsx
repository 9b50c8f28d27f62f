import { useEffect } from 'react';
import { RouterProvider } from 'react-aria-components';
import { useHref, useLocation, useNavigate } from 'react-router-dom';
import { ContactSection } from './components/contact-section';
import { FeaturesSection } from './components/features-section';
import { Hero } from './components/hero';
import { PricingSection } from './components/pricing-section';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { scrollToSection } from './scroll-to-section';
import styles from './landing-page.module.css';

/** React Router's useHref would turn 'mailto:…' into '/mailto:…'; external URLs pass through unchanged. */
function useLinkHref(href: string): string {
  const routed = useHref(href);
  return /^[a-z][a-z\d+.-]*:/i.test(href) ? href : routed;
}

/** The public landing page at / (product-spec-1 §1, §2, §9). */
export default function LandingPage() {
  const navigate = useNavigate();
  const location = useLocation();

  // Anchor links navigate to '#section' (and a visitor may arrive on /#pricing); the router does not
  // scroll by itself, so follow the hash. The key makes a second press of the same link scroll again.
  useEffect(() => {
    if (location.hash.length > 1) scrollToSection(decodeURIComponent(location.hash.slice(1)));
  }, [location.key, location.hash]);

  return (
    // react-aria links navigate through React Router instead of reloading the page.
    <RouterProvider navigate={(href) => navigate(href)} useHref={useLinkHref}>
      <div className={styles.page}>
        <SiteHeader />
        <main className={styles.main}>
          <Hero />
          <FeaturesSection />
          <PricingSection />
          <ContactSection />
        </main>
        <SiteFooter />
      </div>
    </RouterProvider>
  );
}
