import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button as AriaButton, Link } from 'react-aria-components';
import { ButtonLink } from '../../../components/button';
import { paths } from '../../../app/paths';
import { Brand } from './brand';
import { CloseIcon, MenuIcon } from './icons';
import { sections } from './sections';
import styles from './site-header.module.css';

/**
 * Sticky header; below 860px the links fold into a menu opened by the Menu button. Sign In offers
 * both sign-in pages, so neither kind of person lands on the wrong one.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const signInId = useId();
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      menuButton.current?.focus();
    }
  };

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Brand />
        <AriaButton
          ref={menuButton}
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={menuId}
          onPress={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon /> : <MenuIcon />}
          <span>Menu</span>
        </AriaButton>
        <div id={menuId} className={styles.menu} data-open={open || undefined} onKeyDown={onKeyDown}>
          <nav aria-label="Main">
            <ul className={styles.links}>
              {sections.map((section) => (
                <li key={section.id}>
                  <Link href={`#${section.id}`} className={styles.link} onPress={close}>
                    {section.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className={styles.actions}>
            {/* Administrators and staff sign in on different pages: the visitor picks theirs here. */}
            <div role="group" aria-labelledby={signInId} className={styles.signIn}>
              <span id={signInId} className={styles.signInLabel}>
                Sign In
              </span>
              <ButtonLink href={paths.adminLogin} variant="secondary" onPress={close}>
                Administrator sign-in
              </ButtonLink>
              <ButtonLink href={paths.userLogin} variant="secondary" onPress={close}>
                Staff sign-in
              </ButtonLink>
            </div>
            <ButtonLink href={paths.onboarding} onPress={close}>
              Get Started
            </ButtonLink>
          </div>
        </div>
      </div>
    </header>
  );
}
