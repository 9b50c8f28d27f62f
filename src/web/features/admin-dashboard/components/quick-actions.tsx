import { Link } from 'react-aria-components';
import { paths } from '../../../app/paths';
import { Panel } from '../../../components/panel';
import styles from './quick-actions.module.css';

/**
 * Each action opens a working screen: the users page with its Add New User dialog open; the audit
 * trail, which is the hospital's activity report; the staff list, where people are organised by role
 * (the product has no departments of its own yet: a role is a department); the hospital settings.
 */
const ACTIONS = [
  {
    label: 'Add New User',
    description: 'Create a staff account and email its sign-in details',
    href: paths.admin.addUser,
  },
  { label: 'View Reports', description: 'Who did what, across the hospital', href: paths.admin.audit },
  { label: 'Manage Departments', description: 'Staff by role, their accounts and status', href: paths.admin.users },
  { label: 'System Settings', description: "Your hospital's preferences", href: paths.admin.settings },
];

/** The four Quick Actions of the admin dashboard (product-spec-1 §2). */
export function QuickActions() {
  return (
    <Panel title="Quick Actions">
      <ul className={styles.list}>
        {ACTIONS.map((action) => (
          <li key={action.label}>
            <Link href={action.href} className={styles.action}>
              <span className={styles.label}>{action.label}</span>
              <span className={styles.description}>{action.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
