import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { useParams } from 'react-router-dom';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { TextField } from '../../components/text-field';
import { useRemoteData } from '../../lib/use-remote-data';
import { fetchHistory, fetchRecord } from './api/history-api';
import { PatientRecordCard } from './components/patient-record-card';
import { PatientTimeline } from './components/patient-timeline';
import { dateTime, fromLocalInput, toLocalInput } from './timeline';
import styles from './patient-history-page.module.css';
import tabs from '../../components/tabs.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

/**
 * A patient's history (/admin/audit/patients/:patientId): the record now or as it stood at a
 * chosen instant, and the timeline of every change, view and refusal, grouped by day.
 */
type Shown = 'changes' | 'access' | 'all';
const SHOWN: Record<Shown, (e: { kind: string }) => boolean> = {
  changes: (e) => e.kind === 'write',
  access: (e) => e.kind !== 'write',
  all: () => true,
};

export default function PatientHistoryPage() {
  const timeZone = useHospitalTimeZone();
  const patientId = useParams().patientId ?? '';
  const [asOf, setAsOf] = useState<string | null>(null);
  const [picked, setPicked] = useState('');
  const [pickError, setPickError] = useState<string | null>(null);
  // The timeline opens on the changes (issue 34 §4); the views are one tab away.
  const [shown, setShown] = useState<Shown>('changes');
  const history = useRemoteData((signal) => fetchHistory(patientId, signal), patientId);
  const record = useRemoteData((signal) => fetchRecord(patientId, asOf, signal), `${patientId}|${asOf ?? 'now'}`);
  const offset = new Date().getTimezoneOffset();

  function show(instant: string) {
    setAsOf(instant);
    setPicked(toLocalInput(instant, offset));
    setPickError(null);
  }

  function apply() {
    const instant = fromLocalInput(picked, offset);
    if (!instant) return setPickError('Pick a date and time');
    show(instant);
  }

  return (
    <div className={styles.page}>
      <PageHeading
        title="Patient history"
        actions={
          <ButtonLink variant="secondary" href="/admin/audit">
            Back to Audit Logs
          </ButtonLink>
        }
      />
      {asOf ? (
        <div className={styles.asOf}>
          <Banner tone="info">Viewing the record as of {dateTime(asOf, timeZone)}.</Banner>
          <Button variant="secondary" size="small" onPress={() => (setAsOf(null), setPicked(''))}>
            Back to now
          </Button>
        </div>
      ) : null}
      <Panel title={asOf ? 'The record as it stood' : 'The record now'}>
        <form
          className={styles.picker}
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
        >
          <TextField
            label="As of"
            type="datetime-local"
            value={picked}
            onChange={setPicked}
            error={pickError}
            className={styles.pickerField}
          />
          <Button type="submit" variant="secondary">
            Show the record then
          </Button>
        </form>
        {record.status === 'loading' ? (
          <LoadingState label="Loading record..." />
        ) : record.status === 'error' ? (
          <ErrorState message={record.error.message} onRetry={record.reload} />
        ) : record.data ? (
          <PatientRecordCard record={record.data} timeZone={timeZone} />
        ) : (
          <EmptyState title={asOf ? 'The record did not exist at that moment' : 'This record has been deleted'}>
            {asOf ? null : <p>Pick a moment before its deletion to see it as it stood.</p>}
          </EmptyState>
        )}
      </Panel>
      <Panel title="Timeline">
        {history.status === 'loading' ? (
          <LoadingState label="Loading history..." />
        ) : history.status === 'error' ? (
          <ErrorState message={history.error.message} onRetry={history.reload} />
        ) : history.data.length === 0 ? (
          <EmptyState title="No history for this patient" />
        ) : (
          <>
            <Tabs selectedKey={shown} onSelectionChange={(k) => setShown(k as Shown)}>
              <TabList aria-label="What the timeline shows" className={tabs.tabs}>
                <Tab id="changes" className={tabs.tab}>
                  Changes ({history.data.filter(SHOWN.changes).length})
                </Tab>
                <Tab id="access" className={tabs.tab}>
                  Views and refusals ({history.data.filter(SHOWN.access).length})
                </Tab>
                <Tab id="all" className={tabs.tab}>
                  All ({history.data.length})
                </Tab>
              </TabList>
              {(['changes', 'access', 'all'] as const).map((id) => {
                const entries = history.data.filter(SHOWN[id]);
                return (
                  <TabPanel key={id} id={id} className={tabs.panel}>
                    {entries.length ? (
                      <PatientTimeline entries={entries} timeZone={timeZone} onViewAsOf={show} />
                    ) : (
                      <EmptyState
                        title={id === 'changes' ? 'No changes to this record' : 'Nobody viewed this record'}
                      />
                    )}
                  </TabPanel>
                );
              })}
            </Tabs>
          </>
        )}
      </Panel>
    </div>
  );
}
