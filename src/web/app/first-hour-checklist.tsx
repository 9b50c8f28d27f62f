import { Panel } from '../components/panel';
import { PriceChecklistItem } from '../features/billing/components/price-checklist';
import { ContactChecklistItem } from '../features/hospital-settings/components/contact-checklist-item';
import { useHasModule } from '../lib/module-access';
import { paths } from './paths';
import styles from './first-hour-checklist.module.css';

/**
 * The admin dashboard's first-hour checklist (issue 34): the hospital's phone and address, which
 * nothing else asks for, and the tests and drugs still invoiced at ₦0 where billing is in the plan.
 */
export function FirstHourChecklist() {
  const billing = useHasModule('billing');
  return (
    <Panel title="First-hour checklist">
      <ul className={styles.list}>
        <li>
          <ContactChecklistItem settingsHref={paths.admin.settings} />
        </li>
        {billing ? (
          <li>
            <PriceChecklistItem pricesHref={paths.admin.prices} />
          </li>
        ) : null}
      </ul>
    </Panel>
  );
}
