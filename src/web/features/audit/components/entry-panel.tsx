import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '../../../components/button';
import { ErrorState, LoadingState } from '../../../components/states';
import { roleLabel } from '../../../lib/roles';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchTrailEntry, offlineSummary } from '../api/trail-api';
import { dateTime } from '../timeline';
import styles from './entry-panel.module.css';

type Props = { entryId: string | null; timeZone: string; onClose: () => void };

/** A side panel with one entry's full event data, its request and its place in the hash chain. */
export function EntryPanel({ entryId, timeZone, onClose }: Props) {
  return (
    <ModalOverlay
      isOpen={entryId !== null}
      onOpenChange={(open) => !open && onClose()}
      isDismissable
      className={styles.overlay}
    >
      <Modal className={styles.panel}>
        <Dialog className={styles.dialog} aria-label="Audit entry">
          <div className={styles.header}>
            <Heading slot="title" className={styles.title}>
              Audit entry
            </Heading>
            <Button variant="ghost" size="small" onPress={onClose}>
              Close
            </Button>
          </div>
          {entryId ? <EntryDetail id={entryId} timeZone={timeZone} /> : null}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function EntryDetail({ id, timeZone }: { id: string; timeZone: string }) {
  const entry = useRemoteData((signal) => fetchTrailEntry(id, signal), id);
  if (entry.status === 'loading') return <LoadingState label="Loading entry..." />;
  if (entry.status === 'error') return <ErrorState message={entry.error.message} onRetry={entry.reload} />;
  const e = entry.data;
  const rows: [string, string][] = [
    ['Time', dateTime(e.time, timeZone)],
    ['Actor', `${e.actor.name} (${roleLabel(e.actor.role)})`],
    ['Action', e.action],
    ['Event type', e.eventType],
    ['Subject', e.subject ? `${e.subject.type} ${e.subject.id ?? ''}` : '—'],
    ['Outcome', e.outcome],
    ['IP address', e.ip ?? '—'],
    ['Request ID', e.requestId ?? '—'],
    ...(e.offline
      ? [['Recorded offline', offlineSummary(e.offline, (t) => dateTime(t, timeZone))] as [string, string]]
      : []),
    ...((e.accessLog
      ? [['Recorded in', "The access log, sealed into the hospital's chain within about ten seconds"]]
      : [
          ['Stream', `${e.stream ?? '—'} @ ${e.revision ?? '—'}`],
          ['Chain', e.chain ? `#${e.chain.seq} ${e.chain.hash ?? ''}` : 'not sealed'],
        ]) as [string, string][]),
  ];
  return (
    <div className={styles.body}>
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.fact}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.subtitle}>Event data</h3>
      <pre className={styles.data} tabIndex={0} aria-label="Event data">
        {JSON.stringify(e.data, null, 2)}
      </pre>
    </div>
  );
}
