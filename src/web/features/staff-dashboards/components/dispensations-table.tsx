import { useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { DataTable, type Column } from '../../../components/data-table';
import { Pagination } from '../../../components/pagination';
import { useLiveRefresh } from '../../../lib/realtime/live-events';
import { useRemoteData } from '../../../lib/use-remote-data';
import { fetchDispensations, type Dispensation } from '../api/pharmacy-api';
import styles from './dashboard-layout.module.css';

/** A new prescription or a dispensation (anyone's) moves the pharmacist's figures and activity. */
export const PHARMACY_LIVE_EVENTS = ['NEW_PRESCRIPTION', 'PRESCRIPTION_DISPENSED'];

/** The short form of the prescription's id people can read out: RX- and its first 8 characters. */
export const requestId = (consultationId: string) => `RX-${consultationId.slice(0, 8).toUpperCase()}`;

const list = (d: Dispensation, part: (m: Dispensation['medications'][number]) => string) =>
  d.medications.map(part).join(', ');

/**
 * Recent Dispensation Activity (product-spec-1 §2): Request ID, Patient Name, Medication, Dosage,
 * Status, Actions, newest first, `pageSize` a page; a row opens the patient.
 */
export function DispensationsTable({ pageSize }: { pageSize: number }) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const activity = useRemoteData(
    (signal) => fetchDispensations({ page, limit: pageSize }, signal),
    `dispensations-${page}-${pageSize}`,
  );
  useLiveRefresh(PHARMACY_LIVE_EVENTS, activity.refresh);
  const columns: Column<Dispensation>[] = [
    {
      key: 'request',
      header: 'Request ID',
      render: (d) => <span title={d.consultationId}>{requestId(d.consultationId)}</span>,
    },
    { key: 'patient', header: 'Patient Name', render: (d) => d.patientName },
    { key: 'medication', header: 'Medication', render: (d) => list(d, (m) => `${m.name} × ${m.quantity}`) },
    { key: 'dosage', header: 'Dosage', render: (d) => list(d, (m) => m.dosage ?? '—') },
    { key: 'status', header: 'Status', render: (d) => d.status },
    {
      key: 'actions',
      header: 'Actions',
      render: (d) => (
        <Link href={paths.user.patient(d.patientId)} className={styles.rowLink} aria-label={`View ${d.patientName}`}>
          View
        </Link>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label="Dispensation activity"
        columns={columns}
        rows={activity.data?.data}
        rowKey={(d) => d.id}
        isLoading={activity.status === 'loading'}
        loadingText="Loading dispensation activity..."
        error={activity.status === 'error' ? activity.error.message : null}
        onRetry={activity.reload}
        emptyTitle="No dispensation activity yet"
        emptyText="Medications dispensed from Prescription Requests appear here."
        onRowClick={(d) => navigate(paths.user.patient(d.patientId))}
      />
      <Pagination
        label="Dispensation activity pages"
        page={page}
        totalPages={activity.data?.pagination.totalPages ?? 1}
        onPageChange={setPage}
        withFirst
      />
    </>
  );
}
