import { Link } from 'react-aria-components';
import { paths } from '../../../app/paths';
import { Panel } from '../../../components/panel';
import styles from './quick-actions.module.css';

/**
 * Reports and departments have no screens yet; these routes show the shell's coming-soon page
 * (they must be listed in app/router.tsx like the other future admin screens).
 */
export const ADMIN_REPORTS = '/admin/reports';
export const ADMIN_DEPARTMENTS = '/admin/departments';

const ACTIONS = [
  {
    label: 'Add New User',
    description: 'Create a staff account and email its sign-in details',
    href: paths.admin.users,
  },
  { label: 'View Reports', description: 'Activity and performance across the hospital', href: ADMIN_REPORTS },
  { label: 'Manage Departments', description: 'Organise staff into departments', href: ADMIN_DEPARTMENTS },
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
