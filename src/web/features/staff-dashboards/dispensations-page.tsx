import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { DispensationsTable } from './components/dispensations-table';
import styles from './components/dashboard-layout.module.css';

/** product-spec-1 §9: full activity lists show 10 a page. */
export const DISPENSATIONS_PAGE_SIZE = 10;

/** /user/dispensations: the pharmacist dashboard's View All, every dispensation newest first. */
export default function DispensationsPage() {
  return (
    <div className={styles.page}>
      <PageHeading title="Dispensation Activity" />
      <Panel title="All dispensations">
        <DispensationsTable pageSize={DISPENSATIONS_PAGE_SIZE} />
      </Panel>
    </div>
  );
}
