import { Banner } from '../../../components/banner';
import type { Verification } from '../api/trail-api';
import { brokenSealSentence, intactSentence, readsSentence } from '../verification-words';
import styles from './verification-banner.module.css';

export type VerificationState = Verification | 'checking' | { error: string } | null;

/** The answer of "Verify integrity": a sentence first, the hashes under Details (issue 34 §4). */
export function VerificationBanner({
  result,
  onDismiss,
  timeZone,
  now,
}: {
  result: VerificationState;
  onDismiss: () => void;
  timeZone: string;
  now: Date;
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
        <p className={styles.sentence}>{intactSentence(result, now, timeZone)}</p>
        {result.reads ? <p className={styles.reads}>{readsSentence(result.reads)}</p> : null}
        <details className={styles.details}>
          <summary>Details</summary>
          <dl>
            <dt>Entries checked</dt>
            <dd>{result.checked.toLocaleString('en-US')}</dd>
            {result.since ? (
              <>
                <dt>First entry</dt>
                <dd>{result.since}</dd>
              </>
            ) : null}
            {result.reads ? (
              <>
                <dt>Record reads sealed</dt>
                <dd>{result.reads.sealed.toLocaleString('en-US')}</dd>
                <dt>Record reads waiting for a seal</dt>
                <dd>{result.reads.pending.toLocaleString('en-US')}</dd>
              </>
            ) : null}
            <dt>Head hash</dt>
            <dd className={styles.hash}>{result.headHash ?? '—'}</dd>
            {last ? (
              <>
                <dt>Last signed checkpoint</dt>
                <dd className={styles.hash}>
                  entry #{last.seq} at {last.at}, {last.hash}
                </dd>
              </>
            ) : null}
            {result.anchored ? (
              <>
                <dt>Signed checkpoints checked</dt>
                <dd>{result.anchored.checkpoints}</dd>
              </>
            ) : null}
          </dl>
        </details>
      </Banner>
    );
  }
  const b = result.broken;
  return (
    <Banner tone="error" onDismiss={onDismiss}>
      {b?.reason === 'reads' && <>{brokenSealSentence(result, now, timeZone)} </>}
      {b && b.reason !== 'reads' && (
        <>
          Integrity check failed at entry #{b.seq} ({b.eventType}, {b.time}): {brokenSentence(b.reason)}{' '}
          {result.checked.toLocaleString('en-US')} entries before it are intact.{' '}
        </>
      )}
      {result.checkpoint && checkpointSentence(result.checkpoint)}
      {result.lag && result.lag.behind > 0 && lagSentence(result.lag)}
    </Banner>
  );
}

/** What was found wrong with one entry, in words. */
function brokenSentence(reason: NonNullable<Verification['broken']>['reason']): string {
  switch (reason) {
    case 'missing':
      return 'the stored event was removed after it was recorded.';
    case 'changed':
      return 'the stored event was changed after it was recorded.';
    case 'display':
      return 'the entry shown (who, when, where or what) differs from its stored event: the trail screen was rewritten.';
    case 'views':
      return 'patients this read showed are missing from the access report: its rows were deleted.';
    default:
      return 'the record reads this seal covers no longer match the access log.';
  }
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
