import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Input, Label, SearchField, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { toast } from 'react-toastify';
import { Button } from '../../components/button';
import fieldStyles from '../../components/field.module.css';
import { MetricCard, MetricGrid } from '../../components/metric-card';
import { PageHeading } from '../../components/page-heading';
import { useLiveRefresh } from '../../lib/realtime/live-events';
import { normaliseRole } from '../../lib/roles';
import { signedInUserAtom } from '../../lib/session';
import { useRemoteData } from '../../lib/use-remote-data';
import { listMedicationGroups, listMedications, type Medication } from './api/inventory';
import { MedicationGroupsTable, MedicationsTable } from './components/inventory-tables';
import { AddMedicationDialog, AdjustStockDialog, ReceiveStockDialog } from './components/stock-dialogs';
import { matchesSearch } from './inventory-search';
import styles from './pharmacy-page.module.css';
import tabStyles from '../../components/tabs.module.css';

/** Dispensations move stock: the inventory follows them live. */
const STOCK_EVENTS = ['PRESCRIPTION_DISPENSED'];

/**
 * /user/inventory (product-spec-2 §2): metrics over the whole stock, a search, the batches and the
 * medications grouped, and, for those who keep the stock, Add Medication, Receive Stock and Adjust.
 */
export default function InventoryPage() {
  const role = normaliseRole(useAtomValue(signedInUserAtom)?.role ?? '');
  const canKeep = role === 'pharmacist' || role === 'admin';
  const [search, setSearch] = useState('');
  const [adding, setAdding] = useState(false);
  const [receiving, setReceiving] = useState<Medication | null>(null);
  const [adjusting, setAdjusting] = useState<Medication | null>(null);
  // Small enough to load whole: the metrics stay the hospital's totals while the search narrows the tables.
  const stock = useRemoteData((signal) => listMedications('', signal), 'inventory');
  const groups = useRemoteData(listMedicationGroups, 'inventory-groups');
  const refresh = () => {
    stock.refresh();
    groups.refresh();
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
      <div className={styles.toolbar} role="search">
        <SearchField className={`${fieldStyles.field} ${styles.search}`} value={search} onChange={setSearch}>
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
            medications={stock.data?.medications.filter((m) => matchesSearch(query, m.name, m.batchNumber, m.vendor))}
            isLoading={stock.status === 'loading'}
            error={stock.status === 'error' ? stock.error.message : null}
            onRetry={stock.reload}
            emptyTitle={emptyTitle}
            emptyText={emptyText}
            onReceive={canKeep ? setReceiving : undefined}
            onAdjust={canKeep ? setAdjusting : undefined}
          />
        </TabPanel>
        <TabPanel id="groups" className={tabStyles.panel}>
          <MedicationGroupsTable
            groups={groups.data?.filter((g) => matchesSearch(query, g.name))}
            isLoading={groups.status === 'loading'}
            error={groups.status === 'error' ? groups.error.message : null}
            onRetry={groups.reload}
            emptyTitle={emptyTitle}
            emptyText={emptyText}
          />
        </TabPanel>
      </Tabs>
      <AddMedicationDialog isOpen={adding} onClose={() => setAdding(false)} onDone={saved(() => setAdding(false))} />
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
