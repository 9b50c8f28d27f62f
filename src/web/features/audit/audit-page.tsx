import { useMemo, useState } from 'react';
import { Link } from 'react-aria-components';
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
  type Verification,
} from './api/trail-api';
import { EntryPanel } from './components/entry-panel';
import { TrailFilterBar } from './components/trail-filters';
import { useTrail } from './state/use-trail';
import { dateTime, subjectHref } from './timeline';
import styles from './audit-page.module.css';
import { cut } from '../../../shared/text';

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Audit Logs (/admin/audit, /admin/audit-logs): who did what, who saw what, and whether the trail is whole. */
export default function AuditPage() {
  const [filters, setFilters] = useState<TrailFilters>(NO_FILTERS);
  const q = useDebouncedValue(filters.q, 400);
  const effective = useMemo(() => ({ ...filters, q }), [filters, q]);
  const trail = useTrail(effective, JSON.stringify(effective));
  const actors = useRemoteData((signal) => fetchActors(signal), 'actors');
  const [selected, setSelected] = useState<string | null>(null);
  const [verification, setVerification] = useState<Verification | 'checking' | { error: string } | null>(null);
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
    { key: 'time', header: 'Time', render: (e) => <time dateTime={e.time}>{dateTime(e.time, TIME_ZONE)}</time> },
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
      <VerificationBanner result={verification} onDismiss={() => setVerification(null)} />
      {typeof download === 'object' ? (
        <Banner tone="error" onDismiss={() => setDownload('idle')}>
          {download.error}
        </Banner>
      ) : null}
      <TrailFilterBar value={filters} actors={actors.data ?? []} onChange={setFilters} />
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
        onRowClick={(e) => setSelected(e.id)}
      />
      {trail.status === 'success' && trail.error ? <Banner tone="error">{trail.error}</Banner> : null}
      {trail.nextCursor ? (
        <div className={styles.more}>
          <Button variant="secondary" onPress={trail.loadMore} isDisabled={trail.loadingMore}>
            {trail.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
      <EntryPanel entryId={selected} timeZone={TIME_ZONE} onClose={() => setSelected(null)} />
    </div>
  );
}

function VerificationBanner({
  result,
  onDismiss,
}: {
  result: Verification | 'checking' | { error: string } | null;
  onDismiss: () => void;
}) {
  if (result === null || result === 'checking') return null;
  if ('error' in result)
    return (
      <Banner tone="error" onDismiss={onDismiss}>
        {result.error}
      </Banner>
    );
  if (result.unsupported) {
    return (
      <Banner tone="warning" onDismiss={onDismiss}>
        {result.unsupported}
      </Banner>
    );
  }
  if (result.ok) {
    const last = result.anchored?.last;
    return (
      <Banner tone="success" onDismiss={onDismiss}>
        Integrity verified: all {result.checked.toLocaleString('en-US')} entries match their hashes.
        {last && ` Last signed checkpoint: entry #${last.seq} at ${last.at}, head ${last.hash}.`}
      </Banner>
    );
  }
  const b = result.broken;
  return (
    <Banner tone="error" onDismiss={onDismiss}>
      {b && (
        <>
          Integrity check failed at entry #{b.seq} ({b.eventType}, {b.time}): the stored event was{' '}
          {b.reason === 'missing' ? 'removed' : 'changed'} after it was recorded.{' '}
          {result.checked.toLocaleString('en-US')} entries before it are intact.{' '}
        </>
      )}
      {result.checkpoint && checkpointSentence(result.checkpoint)}
      {result.lag && result.lag.behind > 0 && lagSentence(result.lag)}
    </Banner>
  );
}

/** A trail behind its event log, in one sentence: it is not reported intact while entries are missing. */
export function lagSentence(lag: NonNullable<Verification['lag']>): string {
  const since = lag.oldestMissingAt ? `, the oldest recorded at ${lag.oldestMissingAt}` : '';
  return `The trail is behind the event log: ${lag.behind.toLocaleString('en-US')} of ${lag.recorded.toLocaleString('en-US')} recorded events have no entry yet${since}.`;
}

/** What a failed signed checkpoint means, in one sentence. */
export function checkpointSentence(c: NonNullable<Verification['checkpoint']>): string {
  switch (c.reason) {
    case 'missing':
      return `The signed checkpoint of ${c.at} (line ${c.line}) covers ${c.seq} entries, but the stored events now give fewer: entries were removed.`;
    case 'changed':
      return `The signed checkpoint of ${c.at} (line ${c.line}, entry #${c.seq}) no longer matches the stored events: the trail was rewritten.`;
    default:
      return `Line ${c.line} of the checkpoint file is not a validly signed checkpoint: the file was altered.`;
  }
}
