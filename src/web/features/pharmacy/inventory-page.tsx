import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Input, Label, SearchField, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { toast } from 'react-toastify';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import fieldStyles from '../../components/field.module.css';
import { MetricCard, MetricGrid } from '../../components/metric-card';
import { PageHeading } from '../../components/page-heading';
import { Pagination } from '../../components/pagination';
import { pageCount } from '../../lib/page-window';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { normaliseRole } from '../../lib/roles';
import { signedInUserAtom } from '../../lib/session';
import { useRemoteData } from '../../lib/use-remote-data';
import { listMedicationGroups, listMedications, type Medication } from './api/inventory';
import { listMedicationPrices, priceOf } from './api/prices';
import { MedicationGroupsTable, MedicationsTable } from './components/inventory-tables';
import { AddMedicationDialog, SetPriceDialog, type PriceBook } from './components/price-dialogs';
import { AdjustStockDialog, ReceiveStockDialog } from './components/stock-dialogs';
import { matchesSearch } from './inventory-search';
import { formatNaira } from '../../../shared/money';
import styles from './pharmacy-page.module.css';
import tabStyles from '../../components/tabs.module.css';

/** Dispensations move stock: the inventory follows them live. */
const STOCK_EVENTS = ['PRESCRIPTION_DISPENSED'];
/**
 * Batches a page of the Medications tab (issue 34 §5): a hospital's pharmacy holds hundreds, and
 * rendering them all (each with its three actions) took longer than the rest of the screen.
 */
export const BATCHES_PER_PAGE = 20;

/**
 * /user/inventory (product-spec-2 §2): metrics over the whole stock, a search, the batches and the
 * medications grouped, each with its price, and, for those who keep the stock, Add Medication (with
 * its price), Receive Stock, Adjust and Price (issue 34 §1).
 */
export default function InventoryPage() {
  const role = normaliseRole(useAtomValue(signedInUserAtom)?.role ?? '');
  const canKeep = role === 'pharmacist' || role === 'admin';
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [receiving, setReceiving] = useState<Medication | null>(null);
  const [adjusting, setAdjusting] = useState<Medication | null>(null);
  const [pricing, setPricing] = useState<Medication | null>(null);
  // Small enough to load whole: the metrics stay the hospital's totals while the search narrows the tables.
  const stock = useRemoteData((signal) => listMedications('', signal), 'inventory');
  const groups = useRemoteData(listMedicationGroups, 'inventory-groups');
  // Each medication's price (issue 34 §1): shown per batch and group, set from Add Medication and Price.
  const prices = useRemoteData(listMedicationPrices, 'inventory-prices');
  const book: PriceBook = { prices: prices.data, status: prices.status };
  const refresh = () => {
    stock.refresh();
    groups.refresh();
    prices.refresh();
  };
  const price = (name: string) => {
    if (!prices.data) return prices.status === 'error' ? '—' : '';
    const kobo = priceOf(prices.data, name);
    return kobo === null ? <span className={styles.noPrice}>No price</span> : formatNaira(kobo);
  };
  useLiveRefresh(STOCK_EVENTS, refresh);

  const saved = (close: () => void) => (message: string) => {
    close();
    toast.success(message);
    refresh();
  };
  const summary = stock.data?.summary;
  // A failed load shows dashes here; the table below says why and offers a retry.
  const metric = (value: number | undefined) => ({ value: value ?? null, isLoading: stock.status === 'loading' });
  const query = search.trim();
  const matching = stock.data?.medications.filter((m) => matchesSearch(query, m.name, m.batchNumber, m.vendor));
  const totalPages = pageCount(matching?.length ?? 0, BATCHES_PER_PAGE);
  // A refresh that leaves fewer pages (a narrower search, batches gone) shows the last one.
  const shownPage = Math.min(page, totalPages);
  const emptyTitle = query ? 'No medications match your search' : 'No medications in stock yet';
  const emptyText = query
    ? 'Try another name, batch number or vendor.'
    : canKeep
      ? 'Add a medication to start.'
      : undefined;

  return (
    <div className={styles.page}>
      <PageHeading
        title="Inventory Management"
        actions={canKeep ? <Button onPress={() => setAdding(true)}>Add Medication</Button> : null}
      />
      <MetricGrid label="Inventory metrics">
        <MetricCard label="Total Medications" {...metric(summary?.total)} />
        <MetricCard label="Low Stock" {...metric(summary?.lowStock)} />
        <MetricCard label="Out of Stock" {...metric(summary?.outOfStock)} />
        <MetricCard label="Expiring Soon" {...metric(summary?.expiringSoon)} />
      </MetricGrid>
      {prices.status === 'error' && !prices.data ? (
        <Banner tone="error">
          {prices.error.message}{' '}
          <Button variant="secondary" size="small" onPress={prices.reload}>
            Load prices again
          </Button>
        </Banner>
      ) : null}
      <div className={styles.toolbar} role="search">
        <SearchField
          className={`${fieldStyles.field} ${styles.search}`}
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        >
          <Label className={fieldStyles.label}>Search medications</Label>
          <Input className={fieldStyles.input} placeholder="Search by name, batch number or vendor" />
        </SearchField>
      </div>
      <Tabs>
        <TabList aria-label="Inventory views" className={tabStyles.tabs}>
          <Tab id="medications" className={tabStyles.tab}>
            Medications
          </Tab>
          <Tab id="groups" className={tabStyles.tab}>
            Group Medications
          </Tab>
        </TabList>
        <TabPanel id="medications" className={tabStyles.panel}>
          <MedicationsTable
            medications={matching?.slice((shownPage - 1) * BATCHES_PER_PAGE, shownPage * BATCHES_PER_PAGE)}
            isLoading={stock.status === 'loading'}
            error={stock.status === 'error' ? stock.error.message : null}
            onRetry={stock.reload}
            emptyTitle={emptyTitle}
            emptyText={emptyText}
            onReceive={canKeep ? setReceiving : undefined}
            onAdjust={canKeep ? setAdjusting : undefined}
            onPrice={canKeep ? setPricing : undefined}
            price={price}
          />
          <Pagination label="Medications pages" page={shownPage} totalPages={totalPages} onPageChange={setPage} />
        </TabPanel>
        <TabPanel id="groups" className={tabStyles.panel}>
          <MedicationGroupsTable
            groups={groups.data?.filter((g) => matchesSearch(query, g.name))}
            price={price}
            isLoading={groups.status === 'loading'}
            error={groups.status === 'error' ? groups.error.message : null}
            onRetry={groups.reload}
            emptyTitle={emptyTitle}
            emptyText={emptyText}
          />
        </TabPanel>
      </Tabs>
      <AddMedicationDialog
        isOpen={adding}
        book={book}
        onClose={() => setAdding(false)}
        onDone={saved(() => setAdding(false))}
      />
      <SetPriceDialog
        medication={pricing}
        book={book}
        onClose={() => setPricing(null)}
        onDone={saved(() => setPricing(null))}
      />
      <ReceiveStockDialog
        medication={receiving}
        onClose={() => setReceiving(null)}
        onDone={saved(() => setReceiving(null))}
      />
      <AdjustStockDialog
        medication={adjusting}
        onClose={() => setAdjusting(null)}
        onDone={saved(() => setAdjusting(null))}
      />
    </div>
  );
}
