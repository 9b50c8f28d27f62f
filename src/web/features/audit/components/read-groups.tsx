import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { DataTable, type Column } from '../../../components/data-table';
import { roleLabel } from '../../../lib/roles';
import { fetchReadGroups, type ReadGroup } from '../api/read-groups-api';
import type { TrailFilters } from '../api/trail-api';
import { usePaged } from '../state/use-trail';
import { hourMinute, shortDate } from '../verification-words';
import styles from './read-groups.module.css';

/** '27 Nov, 09:33–09:41' in `timeZone` (one time when they are the same minute). */
export function readSpan(g: Pick<ReadGroup, 'firstAt' | 'lastAt'>, now: Date, timeZone: string): string {
  const first = hourMinute(g.firstAt, timeZone);
  const last = hourMinute(g.lastAt, timeZone);
  return `${shortDate(g.firstAt, now, timeZone)}, ${first === last ? first : `${first}–${last}`}`;
}

/** The reads, one row per person and screen per 10 minutes: "Viewed the patient list 6 times, 14 patients". */
export function ReadGroups({
  filters,
  filtersKey,
  timeZone,
}: {
  filters: TrailFilters;
  filtersKey: string;
  timeZone: string;
}) {
  const reads = usePaged<ReadGroup>(
    (cursor, signal) => fetchReadGroups(filters, cursor, signal),
    `reads|${filtersKey}`,
  );
  const now = new Date();
  const columns: Column<ReadGroup>[] = [
    { key: 'when', header: 'When', render: (g) => <time dateTime={g.firstAt}>{readSpan(g, now, timeZone)}</time> },
    {
      key: 'actor',
      header: 'Person',
      render: (g) => (
        <span>
          {g.actor.name}
          <span className={styles.role}> {roleLabel(g.actor.role)}</span>
        </span>
      ),
    },
    { key: 'what', header: 'What', render: (g) => g.summary },
  ];
  return (
    <>
      <p className={styles.note}>
        Each row folds one person&apos;s reads of one screen within 10 minutes. Every read is still listed one by one in
        the CSV and the access report.
      </p>
      <DataTable
        label="Reads, grouped"
        columns={columns}
        rows={reads.entries}
        rowKey={(g) => `${g.actor.id}|${g.subjectType}|${g.what}|${g.firstAt}`}
        isLoading={reads.status === 'loading' && reads.entries.length === 0}
        loadingText="Loading reads..."
        error={reads.status === 'error' ? reads.error : null}
        onRetry={reads.reload}
        emptyTitle="No reads found"
        emptyText="Try a wider date range or fewer filters."
      />
      {reads.status === 'success' && reads.error ? <Banner tone="error">{reads.error}</Banner> : null}
      {reads.nextCursor ? (
        <div className={styles.more}>
          <Button variant="secondary" onPress={reads.loadMore} isDisabled={reads.loadingMore}>
            {reads.loadingMore ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
