import { Button, Link } from 'react-aria-components';
import { isCurrent, type MenuItem } from '../menus';
import { MenuIcon, ProductMark } from './icons';
import styles from './sidebar.module.css';

type SidebarProps = {
  items: MenuItem[];
  pathname: string;
  hospitalName: string | null;
  onLogout: () => void;
  /** Called when a menu link is followed (the drawer closes itself this way). */
  onNavigate?: () => void;
};

/** The clinic brand and the role's menu, ending with Logout (product-spec-1 §2). */
export function Sidebar({ items, pathname, hospitalName, onLogout, onNavigate }: SidebarProps) {
  return (
    <div className={styles.sidebar}>
      <div className={styles.brand}>
        <ProductMark />
        <div className={styles.brandText}>
          <span className={styles.clinic}>{hospitalName ?? 'Your clinic'}</span>
          <span className={styles.product}>HMS</span>
        </div>
      </div>
      <nav aria-label="Main menu" className={styles.nav}>
        <ul className={styles.list}>
          {items.map((item) => {
            const current = isCurrent(item.href, pathname);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className={styles.item}
                  aria-current={current ? 'page' : undefined}
                  onPress={onNavigate}
                >
                  <MenuIcon name={item.icon} />
                  <span>{item.label}</span>
                </Link>
              </li>
            );
          })}
          <li className={styles.logoutItem}>
            <Button className={styles.item} onPress={onLogout}>
              <MenuIcon name="logout" />
              <span>Logout</span>
            </Button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
