import { useAtomValue } from 'jotai';
import { toast } from 'react-toastify';
import { DataTable, type Column } from '../../../components/data-table';
import { PriceEditor } from '../../../components/price-editor';
import { normaliseRole } from '../../../lib/roles';
import { signedInUserAtom } from '../../../lib/session';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatNaira } from '../../../../shared/money';
import { listLabCatalogue, setLabTestPrice, type LabTestPrice } from '../api/catalogue';
import styles from './lab.module.css';

/** Who prices the lab's tests here (issue 34 §1): the lab that keeps the catalogue, and the admin. */
const PRICERS = ['lab_technician', 'admin'];

/** "3 tests have no price yet: …", or null when every test has one. */
export function unpricedNote(tests: readonly LabTestPrice[]): string | null {
  const none = tests.filter((t) => t.priceKobo === null).length;
  if (none === 0) return null;
  return `${none} ${none === 1 ? 'test has' : 'tests have'} no price yet: they are invoiced at ₦0.00.`;
}

/**
 * The lab catalogue (issue 34 §1): every test the doctors may order, its code and its price, priced in
 * place by the lab and the admin (each change an event the audit log names); read-only for others.
 */
export function LabCatalogue() {
  const role = normaliseRole(useAtomValue(signedInUserAtom)?.role ?? '');
  const canPrice = PRICERS.includes(role);
  const catalogue = useRemoteData(listLabCatalogue, 'lab-catalogue');
  const saved = (message: string) => {
    toast.success(message);
    catalogue.refresh();
  };
  const columns: Column<LabTestPrice>[] = [
    { key: 'test', header: 'Test', render: (t) => t.name },
    { key: 'code', header: 'Code', render: (t) => t.code },
    {
      key: 'price',
      header: 'Price (₦)',
      render: (t) =>
        canPrice ? (
          <>
            {t.priceKobo === null ? <span className={styles.noPrice}>No price</span> : null}
            <PriceEditor
              key={`${t.code}:${t.priceKobo}`}
              name={t.name}
              priceKobo={t.priceKobo}
              save={(price) => setLabTestPrice(t.code, price)}
              onSaved={saved}
            />
          </>
        ) : t.priceKobo === null ? (
          <span className={styles.noPrice}>No price</span>
        ) : (
          formatNaira(t.priceKobo)
        ),
    },
  ];
  const note = catalogue.data ? unpricedNote(catalogue.data) : null;
  return (
    <>
      {note ? (
        <p role="status" className={styles.noPrice}>
          {note}
        </p>
      ) : null}
      <DataTable
        label="Lab test catalogue"
        columns={columns}
        rows={catalogue.data}
        rowKey={(t) => t.code}
        isLoading={catalogue.status === 'loading' && !catalogue.data}
        loadingText="Loading the lab catalogue..."
        error={catalogue.status === 'error' && !catalogue.data ? catalogue.error.message : null}
        onRetry={catalogue.reload}
        emptyTitle="No lab tests in the catalogue"
        compact
      />
    </>
  );
}
