import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../app/paths';
import { Banner } from '../../components/banner';
import { Button, ButtonLink } from '../../components/button';
import { PageHeading } from '../../components/page-heading';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { shortDate } from '../../lib/dates';
import { useLiveEvents, useLiveRefresh } from '../../lib/realtime/live-events';
import { useRemoteData } from '../../lib/use-remote-data';
import type { Consultation } from './api/consultation-schemas';
import { listConsultations } from './api/list-consultations';
import { getRecordsPatient, type RecordsPatient } from './api/patient-admission';
import { AdmitDialog } from './components/admit-dialog';
import { ConsultationRecord } from './components/consultation-record';
import { NewConsultationDrawer } from './components/new-consultation-drawer';
import styles from './medical-records-page.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

/** The message's consultation: whose it is, and its id (src/modules/notifications/rules.ts). */
function announced(data: Record<string, unknown>) {
  const c = data.consultation as { id?: unknown; patientId?: unknown; patientName?: unknown } | undefined;
  return { id: String(c?.id ?? ''), patientId: String(c?.patientId ?? ''), patientName: String(c?.patientName ?? '') };
}

/**
 * /doctor/patients/{patientId}/medical-records (product-spec-2 §2, §4, §8): the consultations newest
 * first as expandable rows, Admit, and the slide-in New Consultation panel.
 */
export default function MedicalRecordsPage() {
  const timeZone = useHospitalTimeZone();
  const { patientId = '' } = useParams();
  const navigate = useNavigate();
  const patient = useRemoteData((signal) => getRecordsPatient(patientId, signal), patientId);
  const records = useRemoteData((signal) => listConsultations(patientId, signal), patientId);
  const [admitted, setAdmitted] = useState<RecordsPatient | null>(null);
  // Saved or announced here but not yet in a reload: shown first at once (spec-2 §4 "prepend").
  const [fresh, setFresh] = useState<Consultation[]>([]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [admitOpen, setAdmitOpen] = useState(false);
  const savedHere = useRef(new Set<string>());

  const missing = patient.status === 'error' && (patient.error as { status?: number }).status === 404;
  useEffect(() => {
    if (!missing) return;
    toast.error(patient.error?.message ?? 'Patient not found', { toastId: 'patient-not-found' });
    navigate(paths.doctor.patients, { replace: true });
  }, [missing, patient.error, navigate]);

  useLiveEvents(['CONSULTATION_CREATED'], (message) => {
    const c = announced(message.data);
    if (c.patientId !== patientId) return;
    records.refresh();
    if (!savedHere.current.has(c.id)) {
      toast.success(`New consultation recorded for ${c.patientName || 'this patient'}`, { toastId: `consult-${c.id}` });
    }
  });
  useLiveRefresh(['LAB_RESULTS_READY', 'PRESCRIPTION_DISPENSED'], records.refresh);

  const saved = (consultation: Consultation) => {
    savedHere.current.add(consultation.id);
    setFresh((list) => [consultation, ...list]);
    records.refresh();
  };

  if (patient.status === 'loading' && !patient.data) return <LoadingState label="Loading patient..." />;
  if (patient.status === 'error' || !patient.data) {
    return (
      <div className={styles.page}>
        <PageHeading title="Medical Records" />
        <ErrorState message={patient.error?.message ?? 'Failed to fetch patient details'} onRetry={patient.reload} />
      </div>
    );
  }
  const person = admitted ?? patient.data;
  const loadedIds = new Set((records.data ?? []).map((c) => c.id));
  const shown = [...fresh.filter((c) => !loadedIds.has(c.id)), ...(records.data ?? [])];
  const admission = person.admission;

  return (
    <div className={styles.page}>
      <PageHeading
        title="Medical Records"
        actions={
          <>
            <ButtonLink href={paths.doctor.patient(patientId)} variant="secondary">
              Back to Overview
            </ButtonLink>
            <Button variant="secondary" onPress={() => setAdmitOpen(true)} isDisabled={!!admission}>
              {admission ? 'Admitted' : 'Admit'}
            </Button>
            <Button onPress={() => setDrawerOpen(true)}>New Consultation</Button>
          </>
        }
      />
      <p className={styles.subtitle}>
        <strong>{person.name}</strong> · {person.identificationNumber}
      </p>
      {admission ? (
        <Banner tone="info">
          Admitted to <strong>{admission.ward}</strong> on {shortDate(admission.admittedAt, timeZone)} by{' '}
          {admission.admittedBy.name}
          {admission.reason ? `: ${admission.reason}` : ''}
        </Banner>
      ) : null}
      <section aria-labelledby="consultations-heading" className={styles.list}>
        <h2 id="consultations-heading" className={styles.heading}>
          Consultations
        </h2>
        {records.status === 'loading' && shown.length === 0 ? (
          <LoadingState label="Loading medical records..." />
        ) : records.status === 'error' && shown.length === 0 ? (
          <ErrorState message={records.error.message} onRetry={records.reload} />
        ) : shown.length === 0 ? (
          <EmptyState title="No consultations recorded yet">
            <p>Record the first one with New Consultation.</p>
          </EmptyState>
        ) : (
          shown.map((c, i) => <ConsultationRecord key={c.id} consultation={c} defaultExpanded={i === 0} />)
        )}
      </section>
      <NewConsultationDrawer patientId={patientId} isOpen={drawerOpen} onOpenChange={setDrawerOpen} onSaved={saved} />
      <AdmitDialog
        patient={person}
        isOpen={admitOpen}
        onOpenChange={setAdmitOpen}
        onAdmitted={(p) => setAdmitted({ ...person, ...p })}
      />
    </div>
  );
}
