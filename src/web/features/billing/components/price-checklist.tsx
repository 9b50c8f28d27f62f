import { ButtonLink } from '../../../components/button';
import { ErrorState, LoadingState } from '../../../components/states';
import { useRemoteData } from '../../../lib/use-remote-data';
import { getPriceList } from '../api/prices-api';
import styles from './billing.module.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the first-hour checklist says of prices: how many tests and drugs are still invoiced at ₦0. */
export function priceChecklistText(unpriced: { labTests: number; medications: number }): string {
  if (unpriced.labTests + unpriced.medications === 0) return 'Every lab test and medication has a price.';
  return `${plural(unpriced.labTests, 'lab test', 'lab tests')} and ${plural(unpriced.medications, 'medication', 'medications')} have no price yet: they are invoiced at ₦0.00.`;
}

/** The first-hour checklist's prices line (issue 34 §1): the tests and drugs without a price. */
export function PriceChecklistItem({ pricesHref }: { pricesHref: string }) {
  const list = useRemoteData((signal) => getPriceList(signal), 'price-checklist');
  const done = list.data && list.data.unpriced.labTests + list.data.unpriced.medications === 0;
  if (list.status === 'loading' && !list.data) return <LoadingState label="Checking prices..." />;
  if (!list.data) {
    return list.status === 'error' ? <ErrorState message={list.error.message} onRetry={list.reload} /> : null;
  }
  return (
    <div className={styles.toolbar}>
      <p className={styles.grow}>
        <strong>{done ? '✓ Prices' : 'Prices'}</strong>: {priceChecklistText(list.data.unpriced)}
      </p>
      {done ? null : (
        <ButtonLink href={pricesHref} variant="secondary">
          Set Prices
        </ButtonLink>
      )}
    </div>
  );
}
