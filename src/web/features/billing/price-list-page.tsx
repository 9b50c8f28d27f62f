import { useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useRemoteData } from '../../lib/use-remote-data';
import { getPriceList, type PriceItem } from './api/prices-api';
import { AddService, PriceImport } from './prices/price-import';
import { PriceEditor } from './prices/price-editor';
import styles from './components/billing.module.css';
import prices from './prices/prices.module.css';

const KIND_LABELS: Record<PriceItem['kind'], string> = {
  lab: 'Lab test',
  medication: 'Medication',
  service: 'Service',
};
const KIND_OPTIONS = [
  { id: 'all', label: 'All items' },
  { id: 'lab', label: 'Lab tests' },
  { id: 'medication', label: 'Medications' },
  { id: 'service', label: 'Services' },
  { id: 'none', label: 'Without a price' },
];

/** The items a search and a type filter keep: by name or detail, in any case. */
export function filterPrices(items: PriceItem[], search: string, kind: string): PriceItem[] {
  const term = search.trim().toLowerCase();
  return items.filter(
    (i) =>
      (kind === 'all' || (kind === 'none' ? i.priceKobo === null : i.kind === kind)) &&
      (!term || i.name.toLowerCase().includes(term) || i.detail.toLowerCase().includes(term)),
  );
}

/**
 * The Price list (issue 34 §1), for the admin and the accountant: every lab test of the catalogue,
 * every medication of the formulary and the other services, each priced in place, searchable, and
 * importable from a CSV. Every change is an event the audit log names, from what to what.
 */
export default function PriceListPage() {
  const list = useRemoteData((signal) => getPriceList(signal), 'prices');
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState('all');
  const rows = useMemo(() => filterPrices(list.data?.items ?? [], search, kind), [list.data, search, kind]);
  const saved = (message: string) => {
    toast.success(message);
    list.refresh();
  };
  const columns: Column<PriceItem>[] = [
    { key: 'name', header: 'Item', render: (i) => i.name },
    { key: 'kind', header: 'Type', render: (i) => KIND_LABELS[i.kind] },
    { key: 'detail', header: 'Detail', render: (i) => i.detail },
    {
      key: 'price',
      header: 'Price (₦)',
      render: (i) => (
        <>
          {i.priceKobo === null ? <span className={prices.none}>No price</span> : null}
          <PriceEditor key={`${i.kind}:${i.key}:${i.priceKobo}`} item={i} onSaved={saved} />
        </>
      ),
    },
  ];
  const unpriced = list.data?.unpriced;
  return (
    <div className={styles.page}>
      <PageHeading title="Price List" />
      {unpriced && unpriced.labTests + unpriced.medications > 0 ? (
        <p role="status" className={prices.none}>
          {unpriced.labTests} lab {unpriced.labTests === 1 ? 'test' : 'tests'} and {unpriced.medications}{' '}
          {unpriced.medications === 1 ? 'medication' : 'medications'} have no price yet: they are invoiced at ₦0.00.
        </p>
      ) : null}
      <Panel title="Prices">
        <div className={styles.toolbar} role="search">
          <TextField
            className={styles.grow}
            label="Search prices"
            value={search}
            onChange={setSearch}
            placeholder="Test, medication or service"
          />
          <div className={styles.narrow}>
            <SelectField label="Show" options={KIND_OPTIONS} value={kind} onChange={setKind} />
          </div>
        </div>
        <DataTable
          label="Price list"
          columns={columns}
          rows={rows}
          rowKey={(i) => `${i.kind}:${i.key}`}
          isLoading={list.status === 'loading' && !list.data}
          loadingText="Loading prices..."
          error={list.status === 'error' && !list.data ? list.error.message : null}
          onRetry={list.reload}
          emptyTitle={search || kind !== 'all' ? 'No items match' : 'No items yet'}
          emptyText={search || kind !== 'all' ? 'Try another search or type.' : 'Add a medication or a service.'}
        />
      </Panel>
      <Panel title="Add a service">
        <AddService onSaved={saved} />
      </Panel>
      <PriceImport onSaved={saved} />
    </div>
  );
}
