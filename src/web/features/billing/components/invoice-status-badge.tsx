import styles from './billing.module.css';

const LABELS: Record<string, string> = { unpaid: 'Unpaid', 'part-paid': 'Part-paid', paid: 'Paid', void: 'Void' };

export const INVOICE_STATUS_OPTIONS = [
  { id: 'all', label: 'All statuses' },
  { id: 'unpaid', label: 'Unpaid' },
  { id: 'part-paid', label: 'Part-paid' },
  { id: 'paid', label: 'Paid' },
  { id: 'void', label: 'Void' },
];

/** An invoice's status in words and colour (the words carry it; the colour only helps). */
export function InvoiceStatusBadge({ status }: { status: string }) {
  return (
    <span className={styles.badge} data-status={status}>
      {LABELS[status] ?? status}
    </span>
  );
}
