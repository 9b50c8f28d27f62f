import { paths } from '../../app/paths';
import type { AccessModuleId } from '../../../shared/access-matrix';
import { hasModule } from '../../lib/module-access';
import { ROLE_IDS, normaliseRole } from '../../lib/roles';
import type { Role, SessionUser } from '../../lib/session';
import type { IconName } from './components/icons';

/** `module`: the access-matrix module the page belongs to; hidden when the person's matrix lacks it. */
export type MenuItem = { label: string; href: string; icon: IconName; module?: AccessModuleId };

const dashboard: MenuItem = { label: 'Dashboard', href: paths.user.dashboard, icon: 'dashboard' };
const report: MenuItem = { label: 'Report', href: paths.user.report, icon: 'report', module: 'reports' };

/** The sidebar menu of each role id (product-spec-1 §2). Logout is added after every menu by the sidebar. */
export const MENUS: Record<number, MenuItem[]> = {
  0: [
    { label: 'Dashboard', href: paths.admin.dashboard, icon: 'dashboard' },
    { label: 'Users', href: paths.admin.users, icon: 'users' },
    { label: 'Patients', href: paths.admin.patients, icon: 'patients' },
    { label: 'Laboratory', href: paths.admin.laboratory, icon: 'lab' },
    { label: 'Reception', href: paths.admin.reception, icon: 'reception' },
    { label: 'Pharmacy', href: paths.admin.pharmacy, icon: 'pharmacy' },
    { label: 'Audit Logs', href: paths.admin.audit, icon: 'audit' },
    { label: 'Billing', href: paths.admin.billing, icon: 'billing' },
    { label: 'Price List', href: paths.admin.prices, icon: 'billing' },
    { label: 'Providers', href: paths.admin.providers, icon: 'providers' },
    { label: 'Access Control', href: paths.admin.accessControl, icon: 'access' },
    { label: 'Settings', href: paths.admin.settings, icon: 'settings' },
  ],
  1: [
    dashboard,
    { label: 'Patients', href: paths.doctor.patients, icon: 'patients', module: 'patients' },
    { label: 'Lab Request', href: paths.user.labRequest, icon: 'lab', module: 'laboratory' },
    { label: 'Prescription', href: paths.user.prescription, icon: 'prescription', module: 'pharmacy' },
  ],
  2: [
    dashboard,
    { label: 'Patients', href: paths.user.patients, icon: 'patients', module: 'patients' },
    { label: 'Appointments', href: paths.user.appointments, icon: 'calendar', module: 'patients' },
    { label: 'Vitals', href: paths.user.vitals, icon: 'vitals', module: 'patients' },
  ],
  3: [
    dashboard,
    { label: 'Patients', href: paths.user.patients, icon: 'patients', module: 'patients' },
    // product-spec-1 §2's other reading of the receptionist menu; the front desk keeps the book (issue 24).
    { label: 'Appointments', href: paths.user.appointments, icon: 'calendar', module: 'patients' },
  ],
  4: [
    dashboard,
    { label: 'Test Request', href: paths.user.testRequest, icon: 'lab', module: 'laboratory' },
    // Issue 34 §1: the lab keeps its catalogue's prices.
    { label: 'Test Catalogue', href: paths.user.labCatalogue, icon: 'lab', module: 'laboratory' },
    report,
  ],
  5: [
    dashboard,
    { label: 'Prescription Request', href: paths.user.prescriptionRequest, icon: 'prescription', module: 'pharmacy' },
    { label: 'Inventory Management', href: paths.user.inventory, icon: 'inventory', module: 'pharmacy' },
    report,
  ],
  6: [
    dashboard,
    { label: 'Invoice', href: paths.user.invoice, icon: 'billing', module: 'billing' },
    { label: 'Payments', href: paths.user.payments, icon: 'billing', module: 'billing' },
    { label: 'HMO Provider', href: paths.user.hmoProvider, icon: 'providers', module: 'billing' },
    { label: 'Price List', href: paths.user.prices, icon: 'billing', module: 'billing' },
    report,
  ],
  // Compliance officer: read-only, the audit screens only (issue 10).
  7: [dashboard, { label: 'Audit Logs', href: paths.admin.audit, icon: 'audit', module: 'audit' }],
};

/**
 * The doctor's menu is the fallback for an unknown role id (product-spec-1 §2). With the signed-in
 * person, the items of modules their hospital's access matrix does not give them are left out.
 */
export function menuFor(roleId: number, user?: Pick<SessionUser, 'role' | 'permissions'> | null): MenuItem[] {
  const items = MENUS[roleId] ?? MENUS[1]!;
  return user ? items.filter((item) => !item.module || hasModule(user, item.module)) : items;
}

/** The role id of a signed-in person: the id the server sent, else the id of their role code. */
export function roleIdOf(user: { roleId?: number | null; role: string }): number {
  if (typeof user.roleId === 'number' && Number.isInteger(user.roleId)) return user.roleId;
  return ROLE_IDS[normaliseRole(user.role) as Role] ?? 1;
}

/** Is `href` the page the person is on (or a page beneath it)? Dashboards match only exactly. */
export function isCurrent(href: string, pathname: string): boolean {
  if (pathname === href) return true;
  return !href.endsWith('/dashboard') && pathname.startsWith(`${href}/`);
}

/** The menu label of a path, for page titles (e.g. the coming-soon page). */
export function labelForPath(pathname: string): string | null {
  for (const items of Object.values(MENUS)) {
    const hit = items.find((item) => item.href === pathname);
    if (hit) return hit.label;
  }
  return null;
}
