import { useState } from 'react';
import { Button } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { SelectField } from '../../../components/select-field';
import { ErrorState, LoadingState } from '../../../components/states';
import { TextField } from '../../../components/text-field';
import { calendarDate } from '../../../lib/dates';
import { useRemoteData } from '../../../lib/use-remote-data';
import { endEnrollment, enroll, findPatients, getEnrollment, type Hmo } from '../api/hmo-api';
import styles from '../components/billing.module.css';
import { hmosPlaceholder } from './claims-panel';

type Props = {
  hmos: Hmo[];
  onChanged: () => void;
  /** The HMOs are still on their way, or could not be read: the picker says so instead of "Add an active HMO first". */
  hmosLoading?: boolean;
  hmosFailed?: boolean;
};

/** Find a patient, see their HMO, enroll them (with the enrollee number) or end it. */
export function EnrollmentPanel({ hmos, onChanged, hmosLoading = false, hmosFailed = false }: Props) {
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  const [patient, setPatient] = useState<{ id: string; name: string } | null>(null);
  const found = useRemoteData((signal) => (term ? findPatients(term, signal) : Promise.resolve(null)), term);
  return (
    <Panel title="Enroll a patient">
      <form
        className={styles.toolbar}
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPatient(null);
          setTerm(search.trim());
        }}
      >
        <TextField
          className={styles.grow}
          label="Find patient"
          value={search}
          onChange={setSearch}
          placeholder="Name, hospital number or phone"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {found.status === 'loading' && term ? <LoadingState label="Searching patients..." /> : null}
      {found.status === 'error' ? <ErrorState message={found.error.message} onRetry={found.reload} /> : null}
      {found.status === 'success' && found.data && !patient ? (
        found.data.patients.length ? (
          <ul className={styles.pickList} aria-label="Patients found">
            {found.data.patients.map((p) => (
              <li key={p.id}>
                <Button variant="ghost" onPress={() => setPatient({ id: p.id, name: p.name })}>
                  <span>
                    <strong>{p.name}</strong> · {p.hospitalNumber}
                    <span className={styles.muted}>{` · ${p.phone} · born ${calendarDate(p.dateOfBirth)}`}</span>
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>No patients match “{term}”</p>
        )
      ) : null}
      {patient ? (
        <PatientEnrollment
          key={patient.id}
          patient={patient}
          hmos={hmos}
          onChanged={onChanged}
          hmosLoading={hmosLoading}
          hmosFailed={hmosFailed}
        />
      ) : null}
    </Panel>
  );
}

function PatientEnrollment({
  patient,
  hmos,
  onChanged,
  hmosLoading,
  hmosFailed,
}: { patient: { id: string; name: string } } & Props) {
  const current = useRemoteData((signal) => getEnrollment(patient.id, signal), patient.id);
  const [hmoId, setHmoId] = useState('');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      current.refresh();
      onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to save enrollment');
    } finally {
      setBusy(false);
    }
  };
  if (current.status === 'loading') return <LoadingState label="Loading enrollment..." />;
  if (current.status === 'error') return <ErrorState message={current.error.message} onRetry={current.reload} />;
  const enrollment = current.data.enrollment;
  const options = hmos.filter((h) => h.active).map((h) => ({ id: h.id, label: `${h.name} (${h.code})` }));
  return (
    <div className={styles.form} aria-label={`Enrollment of ${patient.name}`} role="group">
      <p>
        <strong>{patient.name}</strong>:{' '}
        {enrollment ? `${enrollment.hmo.name}, enrollee ${enrollment.enrolleeNumber}` : 'Not enrolled with an HMO'}
      </p>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      {options.length === 0 ? (
        <p className={styles.muted}>
          {hmosPlaceholder(Boolean(hmosLoading), Boolean(hmosFailed)) ?? 'Add an active HMO first.'}
        </p>
      ) : (
        <div className={styles.toolbar}>
          <div className={styles.grow}>
            <SelectField label="HMO" options={options} value={hmoId} onChange={setHmoId} />
          </div>
          <TextField className={styles.grow} label="Enrollee number" value={number} onChange={setNumber} />
          <Button
            isDisabled={busy}
            onPress={() =>
              hmoId && number.trim()
                ? void run(() => enroll(patient.id, { hmoId, enrolleeNumber: number.trim() }))
                : setError('Choose an HMO and enter the enrollee number')
            }
          >
            Enroll
          </Button>
          {enrollment ? (
            <Button variant="danger" isDisabled={busy} onPress={() => void run(() => endEnrollment(patient.id))}>
              End Enrollment
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}
