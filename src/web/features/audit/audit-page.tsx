import { useMemo, useState } from 'react';
import { Link, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { roleLabel } from '../../lib/roles';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRemoteData } from '../../lib/use-remote-data';
import {
  downloadAccessReport,
  downloadTrailCsv,
  fetchActors,
  NO_FILTERS,
  verifyIntegrity,
  type TrailEntry,
  type TrailFilters,
  type TrailKind,
} from './api/trail-api';
import { EntryPanel } from './components/entry-panel';
import { ReadGroups } from './components/read-groups';
import { TrailFilterBar } from './components/trail-filters';
import { VerificationBanner, type VerificationState } from './components/verification-banner';
import { useTrail } from './state/use-trail';
import tabs from '../../components/tabs.module.css';
import { dateTime, subjectHref } from './timeline';
import styles from './audit-page.module.css';
import { cut } from '../../../shared/text';
import { useHospitalTimeZone } from '../../lib/hospital-time';

/**
 * Audit Logs (/admin/audit, /admin/audit-logs): who did what, who saw what, and whether the trail
 * is whole. It opens on the changes; the reads are one tab away, folded per person, screen and 10
 * minutes (issue 34 §4). The CSV and the access report still hold every read.
 */
export default function AuditPage() {
  const timeZone = useHospitalTimeZone();
  const [filters, setFilters] = useState<TrailFilters>(NO_FILTERS);
  const [view, setView] = useState<TrailKind>('changes');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const q = useDebouncedValue(filters.q, 400);
  const effective = useMemo(() => ({ ...filters, q }), [filters, q]);
  const key = JSON.stringify(effective);
  const actors = useRemoteData((signal) => fetchActors(signal), 'actors');
  const [selected, setSelected] = useState<string | null>(null);
  const [verification, setVerification] = useState<VerificationState>(null);
  const activeFilters = Object.values(filters).filter((v) => v.trim()).length;
  const [download, setDownload] = useState<'idle' | 'trail' | 'access' | { error: string }>('idle');
  const downloading = download === 'trail' || download === 'access';

  async function verify() {
    setVerification('checking');
    try {
      setVerification(await verifyIntegrity());
    } catch (e) {
      setVerification({ error: e instanceof Error ? e.message : String(e) });
    }
  }

  async function csv(which: 'trail' | 'access') {
    setDownload(which);
    try {
      await (which === 'trail' ? downloadTrailCsv : downloadAccessReport)(effective, new Date());
      setDownload('idle');
    } catch (e) {
      setDownload({ error: e instanceof Error ? e.message : String(e) });
    }
  }

  const columns: Column<TrailEntry>[] = [
    { key: 'time', header: 'Time', render: (e) => <time dateTime={e.time}>{dateTime(e.time, timeZone)}</time> },
    {
      key: 'actor',
      header: 'Actor',
      render: (e) => (
        <span>
          {e.actor.name}
          <span className={styles.role}> {roleLabel(e.actor.role)}</span>
        </span>
      ),
    },
    {
      key: 'action',
      header: 'Action',
      render: (e) => <span className={e.outcome === 'success' ? undefined : styles.refused}>{e.action}</span>,
    },
    {
      key: 'subject',
      header: 'Subject',
      render: (e) => {
        const href = subjectHref(e.subject);
        if (!e.subject) return '—';
        const text = `${e.subject.type} ${cut(e.subject.id ?? '', 8)}`;
        return href ? <Link href={href}>{text}</Link> : text;
      },
    },
    { key: 'ip', header: 'IP', render: (e) => e.ip ?? '—' },
    {
      key: 'details',
      header: 'Details',
      render: (e) => (
        <Button
          variant="ghost"
          size="small"
          onPress={() => setSelected(e.id)}
          aria-label={`View details of: ${e.action}`}
        >
          View
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <PageHeading
        title="Audit Logs"
        actions={
          <>
            <Button variant="secondary" onPress={() => void verify()} isDisabled={verification === 'checking'}>
              {verification === 'checking' ? 'Verifying...' : 'Verify integrity'}
            </Button>
            <Button variant="secondary" onPress={() => void csv('access')} isDisabled={downloading}>
              {download === 'access' ? 'Preparing report...' : 'Access report (CSV)'}
            </Button>
            <Button onPress={() => void csv('trail')} isDisabled={downloading}>
              {download === 'trail' ? 'Preparing CSV...' : 'Download CSV'}
            </Button>
          </>
        }
      />
      <VerificationBanner
        result={verification}
        onDismiss={() => setVerification(null)}
        timeZone={timeZone}
        now={new Date()}
      />
      {typeof download === 'object' ? (
        <Banner tone="error" onDismiss={() => setDownload('idle')}>
          {download.error}
        </Banner>
      ) : null}
      <Button
        variant="secondary"
        className={styles.filtersToggle}
        onPress={() => setFiltersOpen((open) => !open)}
        aria-expanded={filtersOpen}
        aria-controls="audit-filters"
      >
        {filtersOpen ? 'Hide filters' : activeFilters ? `Filters (${activeFilters})` : 'Filters'}
      </Button>
      <div id="audit-filters" className={filtersOpen ? styles.filtersOpen : styles.filtersFolded}>
        <TrailFilterBar value={filters} actors={actors.data ?? []} onChange={setFilters} />
      </div>
      <Tabs selectedKey={view} onSelectionChange={(k) => setView(k as TrailKind)}>
        <TabList aria-label="What the trail shows" className={tabs.tabs}>
          <Tab id="changes" className={tabs.tab}>
            Changes
          </Tab>
          <Tab id="reads" className={tabs.tab}>
            Reads (grouped)
          </Tab>
        </TabList>
        <TabPanel id="changes" className={tabs.panel}>
          <Changes filters={effective} filtersKey={key} columns={columns} onSelect={setSelected} />
        </TabPanel>
        <TabPanel id="reads" className={tabs.panel}>
          <ReadGroups filters={effective} filtersKey={key} timeZone={timeZone} />
        </TabPanel>
      </Tabs>
      <EntryPanel entryId={selected} timeZone={timeZone} onClose={() => setSelected(null)} />
    </div>
  );
}

/** The trail without its reads, newest first, a page at a time. */
function Changes({
  filters,
  filtersKey,
  columns,
  onSelect,
}: {
  filters: TrailFilters;
  filtersKey: string;
  columns: Column<TrailEntry>[];
  onSelect: (id: string) => void;
}) {
  const trail = useTrail(filters, filtersKey, 'changes');
  return (
    <>
      <DataTable
        label="Audit trail"
        columns={columns}
        rows={trail.entries}
        rowKey={(e) => e.id}
        isLoading={trail.status === 'loading' && trail.entries.length === 0}
        loadingText="Loading audit trail..."
        error={trail.status === 'error' ? trail.error : null}
        onRetry={trail.reload}
        emptyTitle="No audit entries found"
        emptyText="Try a wider date range or fewer filters."
        onRowClick={(e) => onSelect(e.id)}
      />
      {trail.status === 'success' && trail.error ? <Banner tone="error">{trail.error}</Banner> : null}
      {trail.nextCursor ? (
        <div className={styles.more}>
          <Button variant="secondary" onPress={trail.loadMore} isDisabled={trail.loadingMore}>
            {trail.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
