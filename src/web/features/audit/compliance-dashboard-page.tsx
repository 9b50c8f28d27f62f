import { useAtomValue } from 'jotai';
import { Link } from 'react-aria-components';
import { ButtonLink } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { roleLabel } from '../../lib/roles';
import { signedInUserAtom } from '../../lib/session';
import { useRemoteData } from '../../lib/use-remote-data';
import { fetchTrailPage, NO_FILTERS, type TrailEntry } from './api/trail-api';
import { dateTime, subjectHref } from './timeline';
import styles from './audit-page.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

const RECENT = 10;

/**
 * The compliance officer's dashboard: the latest views of patient records and the latest refusals,
 * each a way into the patient's history, and the way to the full trail. Read-only, like the role.
 */
export default function ComplianceDashboardPage() {
  const timeZone = useHospitalTimeZone();
  const user = useAtomValue(signedInUserAtom);
  const views = useRemoteData(
    (signal) =>
      fetchTrailPage({ ...NO_FILTERS, action: 'RecordAccessed', subjectType: 'patient' }, null, signal, RECENT),
    'views',
  );
  const refusals = useRemoteData(
    (signal) => fetchTrailPage({ ...NO_FILTERS, action: 'AccessRefused' }, null, signal, RECENT),
    'refusals',
  );
  const columns: Column<TrailEntry>[] = [
    { key: 'time', header: 'Time', render: (e) => <time dateTime={e.time}>{dateTime(e.time, timeZone)}</time> },
    { key: 'who', header: 'Who', render: (e) => `${e.actor.name} (${roleLabel(e.actor.role)})` },
    {
      key: 'what',
      header: 'What',
      render: (e) => {
        const href = subjectHref(e.subject);
        return href ? <Link href={href}>{e.action}</Link> : e.action;
      },
    },
  ];
  return (
    <div className={styles.page}>
      <PageHeading
        title={`Compliance Dashboard${user ? ` · ${user.name}` : ''}`}
        actions={<ButtonLink href="/admin/audit">Open Audit Logs</ButtonLink>}
      />
      <Panel title="Recent access to patient records">
        <DataTable
          label="Recent access to patient records"
          columns={columns}
          rows={views.data?.entries}
          rowKey={(e) => e.id}
          isLoading={views.status === 'loading'}
          loadingText="Loading recent access..."
          error={views.status === 'error' ? views.error.message : null}
          onRetry={views.reload}
          emptyTitle="No patient records viewed yet"
        />
      </Panel>
      <Panel title="Recent refusals">
        <DataTable
          label="Recent refusals"
          columns={columns}
          rows={refusals.data?.entries}
          rowKey={(e) => e.id}
          isLoading={refusals.status === 'loading'}
          loadingText="Loading refusals..."
          error={refusals.status === 'error' ? refusals.error.message : null}
          onRetry={refusals.reload}
          emptyTitle="No refused access"
        />
      </Panel>
    </div>
  );
}
