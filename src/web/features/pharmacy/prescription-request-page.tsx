import { Banner } from '../../components/banner';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useConnectionDown } from '../../lib/realtime/use-connection-down';
import { PrescriptionCard } from './components/prescription-card';
import { usePrescriptionQueue } from './use-prescription-queue';
import styles from './pharmacy-page.module.css';

export const CONNECTION_ISSUE =
  'Connection Issue: Real-time updates are currently unavailable. Please refresh the page.';

/** /user/prescription-request (product-spec-2 §2): the pharmacist's pending prescriptions. */
export default function PrescriptionRequestPage() {
  const { list, cards, page, setPage, dispense, failure, clearFailure } = usePrescriptionQueue();
  const connectionDown = useConnectionDown();
  const total = list.data?.pagination.totalRecords;

  let body;
  if (list.status === 'loading' && !list.data) body = <LoadingState label="Loading prescriptions..." />;
  else if (list.status === 'error' && !list.data)
    body = <ErrorState message={list.error.message} onRetry={list.reload} />;
  else if (cards.length === 0)
    body = (
      <EmptyState title="No pending prescriptions">
        <p>New prescriptions from doctors appear here as they are written.</p>
      </EmptyState>
    );
  else
    body = (
      <div className={styles.cards}>
        {cards.map((p) => (
          <PrescriptionCard key={p.id} prescription={p} onDispense={(chosen) => void dispense(chosen)} />
        ))}
      </div>
    );

  return (
    <div className={styles.page}>
      <PageHeading title={total === undefined ? 'Pending Prescriptions' : `Pending Prescriptions (${total})`} />
      {connectionDown ? <Banner tone="warning">{CONNECTION_ISSUE}</Banner> : null}
      {failure ? (
        <Banner tone="error" onDismiss={clearFailure}>
          {failure}
        </Banner>
      ) : null}
      {body}
      <Pagination
        label="Prescriptions pages"
        page={page}
        totalPages={list.data?.pagination.totalPages ?? 1}
        onPageChange={setPage}
      />
    </div>
  );
}
