import { paths } from '../../app/paths';
import { ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { LabActivityTable } from './components/lab-activity-table';
import styles from './components/dashboard-layout.module.css';

export const TEST_ACTIVITY_PAGE_SIZE = 20;

/** /user/test-activity: the lab dashboard's View All — every request's latest step, most recent first. */
export default function TestActivityPage() {
  return (
    <div className={styles.page}>
      <PageHeading
        title="Test Activity"
        actions={
          <ButtonLink href={paths.user.dashboard} variant="secondary" size="small">
            Back to Dashboard
          </ButtonLink>
        }
      />
      <LabActivityTable label="Test activity" pageSize={TEST_ACTIVITY_PAGE_SIZE} />
    </div>
  );
}
