import type { ReactNode } from 'react';
import { paths } from '../../../app/paths';
import { ButtonLink } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { shortDate } from '../../../lib/dates';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { listConsultations } from '../api/list-consultations';
import type { Consultation } from '../api/consultation-schemas';
import { latestLabOrders, latestMedications, latestResults, medicationLine, resultText } from '../clinical-display';
import { DispensedTag, LabStatusTag, UrgencyTag } from './clinical-bits';
import styles from './clinical.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

const SHOWN = 5;
/** Live messages that change what these panels show: a new consultation, results, a dispensation. */
export const CLINICAL_LIVE_EVENTS = ['CONSULTATION_CREATED', 'LAB_RESULTS_READY', 'PRESCRIPTION_DISPENSED'];

/**
 * The overview's side panels (product-spec-2 §2): last medical record, lab tests, test results and
 * prescription, all from the patient's consultations; View All opens the medical records.
 */
export function ClinicalPanels({ patientId }: { patientId: string }) {
  const timeZone = useHospitalTimeZone();
  const loaded = useRemoteData((signal) => listConsultations(patientId, signal), patientId);
  useLiveRefresh(CLINICAL_LIVE_EVENTS, loaded.refresh);

  const body = (render: (consultations: Consultation[]) => ReactNode) => {
    if (loaded.status === 'loading' && !loaded.data) return <LoadingState label="Loading records..." />;
    if (loaded.status === 'error') return <ErrorState message={loaded.error.message} onRetry={loaded.reload} />;
    return render(loaded.data ?? []);
  };
  const viewAll = (
    <ButtonLink href={paths.doctor.medicalRecords(patientId)} variant="secondary" size="small">
      View All
    </ButtonLink>
  );

  return (
    <div className={styles.panels}>
      <Panel title="Last Medical Record" actions={viewAll}>
        {body(([last]) =>
          last ? (
            <dl className={styles.facts}>
              <dt>Date</dt>
              <dd>{shortDate(last.consultationDate, timeZone)}</dd>
              <dt>Doctor</dt>
              <dd>{last.doctor.name}</dd>
              <dt>Complaint</dt>
              <dd>{last.chiefComplaint}</dd>
              <dt>Diagnosis</dt>
              <dd>{last.primaryDiagnosis}</dd>
              {last.doctorNotes ? (
                <>
                  <dt>Doctor note</dt>
                  <dd>{last.doctorNotes}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <EmptyState title="No consultations recorded yet" />
          ),
        )}
      </Panel>
      <Panel title="Lab Tests">
        {body((all) => {
          const orders = latestLabOrders(all, SHOWN);
          if (orders.length === 0) return <EmptyState title="No lab tests ordered" />;
          return (
            <ul className={styles.list}>
              {orders.map((o) => (
                <li key={o.id} className={styles.item}>
                  <span>
                    {o.testName} <span className={styles.muted}>{shortDate(o.orderedAt, timeZone)}</span>
                  </span>
                  <span>
                    <UrgencyTag urgency={o.urgency} /> <LabStatusTag order={o} />
                  </span>
                </li>
              ))}
            </ul>
          );
        })}
      </Panel>
      <Panel title="Test Results">
        {body((all) => {
          const results = latestResults(all, SHOWN);
          if (results.length === 0) return <EmptyState title="No test results yet" />;
          return (
            <ul className={styles.list}>
              {results.map((o) => (
                <li key={o.id} className={styles.item}>
                  <strong>{o.testName}</strong>
                  <span>{resultText(o.results)}</span>
                  <span className={styles.muted}>
                    {shortDate(o.completedAt, timeZone)}
                    {o.conductedBy ? ` · ${o.conductedBy}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          );
        })}
      </Panel>
      <Panel title="Prescription">
        {body((all) => {
          const medications = latestMedications(all, SHOWN);
          if (medications.length === 0) return <EmptyState title="No medications prescribed" />;
          return (
            <ul className={styles.list}>
              {medications.map((m) => (
                <li key={`${m.consultationId}-${m.index}`} className={styles.item}>
                  <span>{medicationLine(m)}</span>
                  <DispensedTag medication={m} />
                </li>
              ))}
            </ul>
          );
        })}
      </Panel>
    </div>
  );
}
