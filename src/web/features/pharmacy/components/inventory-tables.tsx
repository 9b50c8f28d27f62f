import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';
import { atcFor } from '../../../../shared/atc';
import { DataTable, type Column } from '../../../components/data-table';
import { calendarDate } from '../../../lib/dates';
import type { Medication, MedicationGroup } from '../api/inventory';
import { StockBadge } from './stock-badge';
import styles from './inventory-tables.module.css';

type TableState = {
  isLoading: boolean;
  error: string | null;
  onRetry: () => void;
  emptyTitle: string;
  emptyText?: string;
};

/** A medication's price cell: the price, "No price" (invoiced at ₦0.00), or nothing while unknown. */
export type PriceCell = (name: string) => ReactNode;

type MedicationsTableProps = TableState & {
  medications: Medication[] | undefined;
  price: PriceCell;
  /** Present for those who keep the stock (pharmacist, admin). */
  onReceive?: (m: Medication) => void;
  onAdjust?: (m: Medication) => void;
  onPrice?: (m: Medication) => void;
};

function expiry(m: Medication) {
  if (m.expired) return `${calendarDate(m.expiryDate)} (expired)`;
  if (m.expiringSoon) return `${calendarDate(m.expiryDate)} (soon)`;
  return calendarDate(m.expiryDate);
}

/** The Medications tab: one row per batch. */
export function MedicationsTable({
  medications,
  price,
  onReceive,
  onAdjust,
  onPrice,
  ...state
}: MedicationsTableProps) {
  const columns: Column<Medication>[] = [
    { key: 'name', header: 'Name', render: (m) => m.name },
    { key: 'batch', header: 'Batch Number', render: (m) => m.batchNumber },
    { key: 'vendor', header: 'Vendor', render: (m) => m.vendor },
    { key: 'expiry', header: 'Expiry Date', render: expiry },
    { key: 'stock', header: 'Stock Quantity', render: (m) => m.stockQuantity },
    { key: 'reorder', header: 'Reorder Level', render: (m) => m.reorderLevel },
    { key: 'price', header: 'Price', render: (m) => price(m.name) },
    { key: 'status', header: 'Status', render: (m) => <StockBadge status={m.status} /> },
  ];
  if (onReceive && onAdjust && onPrice) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (m) => (
        <span className={styles.actions}>
          <Button
            className={styles.action}
            onPress={() => onReceive(m)}
            aria-label={`Receive stock of ${m.name} ${m.batchNumber}`}
          >
            Receive
          </Button>
          <Button
            className={styles.action}
            onPress={() => onAdjust(m)}
            aria-label={`Adjust ${m.name} ${m.batchNumber}`}
          >
            Adjust
          </Button>
          <Button
            className={styles.action}
            onPress={() => onPrice(m)}
            aria-label={`Set price of ${m.name} ${m.batchNumber}`}
          >
            Price
          </Button>
        </span>
      ),
    });
  }
  return (
    <DataTable
      label="Medications"
      columns={columns}
      rows={medications}
      rowKey={(m) => m.id}
      loadingText="Loading inventory..."
      {...state}
    />
  );
}

/** The WHO ATC code the formulary maps this medication to (the FHIR export codes it so), or a dash. */
function atcCell(g: MedicationGroup) {
  const atc = atcFor(g.name);
  if (!atc) return <span className={styles.unmapped}>Not mapped</span>;
  return (
    <abbr className={styles.atc} title={atc.display}>
      {atc.code}
    </abbr>
  );
}

/** The Group Medications tab: batches of one medication together, with the ATC code each maps to. */
export function MedicationGroupsTable({
  groups,
  price,
  ...state
}: TableState & { groups: MedicationGroup[] | undefined; price: PriceCell }) {
  const columns: Column<MedicationGroup>[] = [
    { key: 'name', header: 'Name', render: (g) => g.name },
    { key: 'atc', header: 'ATC Code', render: atcCell },
    { key: 'batches', header: 'Batches', render: (g) => g.batches },
    { key: 'stock', header: 'Total Stock', render: (g) => g.stockQuantity },
    { key: 'reorder', header: 'Reorder Level', render: (g) => g.reorderLevel },
    { key: 'expiry', header: 'Next Expiry', render: (g) => calendarDate(g.nextExpiry) },
    { key: 'price', header: 'Price', render: (g) => price(g.name) },
    { key: 'status', header: 'Status', render: (g) => <StockBadge status={g.status} /> },
  ];
  return (
    <DataTable
      label="Group medications"
      columns={columns}
      rows={groups}
      rowKey={(g) => g.name.toLowerCase()}
      loadingText="Loading medication groups..."
      {...state}
    />
  );
}
