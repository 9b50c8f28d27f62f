import { useState } from 'react';
import { Button } from '../../../components/button';
import { DataTable, type Column } from '../../../components/data-table';
import { Panel } from '../../../components/panel';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { useRemoteData } from '../../../lib/use-remote-data';
import { formatNaira } from '../../../../shared/money';
import { downloadClaimCsv, listClaims, settleClaim, submitClaim, type Claim, type Hmo } from '../api/hmo-api';
import styles from '../components/billing.module.css';

const thisMonth = () => new Date().toISOString().slice(0, 7);
const STATUS: Record<string, string> = {
  submitted: 'Submitted',
  paid: 'Paid',
  'part-paid': 'Part paid',
  rejected: 'Rejected',
};

/**
 * Monthly HMO claims: submit one for an HMO and a month (when `hmos` is given), list them with
 * their items and statuses, record the HMO's answer (paid in full, or items rejected with a
 * reason) and download each as CSV. While `hmosLoading`, the HMO picker waits, disabled, instead of
 * opening an empty list; when the list could not be read (`hmosFailed`), it says so.
 */
export function ClaimsPanel({
  hmos,
  hmosLoading = false,
  hmosFailed = false,
}: {
  hmos?: Hmo[];
  hmosLoading?: boolean;
  hmosFailed?: boolean;
}) {
  const claims = useRemoteData((signal) => listClaims(signal), 'claims');
  const [hmoId, setHmoId] = useState('');
  const [month, setMonth] = useState(thisMonth);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const run = async (work: () => Promise<unknown>, done: string) => {
    setMessage(null);
    try {
      await work();
      setMessage({ error: false, text: done });
      claims.refresh();
    } catch (e) {
      setMessage({ error: true, text: e instanceof Error ? e.message : 'Something went wrong' });
    }
  };
  const columns: Column<Claim>[] = [
    { key: 'number', header: 'Claim', render: (c) => c.claimNumber },
    { key: 'hmo', header: 'HMO', render: (c) => c.hmoName },
    { key: 'month', header: 'Month', render: (c) => c.month },
    { key: 'items', header: 'Items', render: (c) => <ClaimItems claim={c} onSettle={run} /> },
    { key: 'total', header: 'Claimed', render: (c) => formatNaira(c.totalKobo) },
    { key: 'paid', header: 'Paid', render: (c) => formatNaira(c.paidKobo) },
    { key: 'status', header: 'Status', render: (c) => STATUS[c.status] ?? c.status },
    {
      key: 'csv',
      header: 'Export',
      render: (c) => (
        <Button
          size="small"
          variant="ghost"
          aria-label={`Download ${c.claimNumber} CSV`}
          onPress={() => void run(() => downloadClaimCsv(c), `${c.claimNumber} downloaded`)}
        >
          CSV
        </Button>
      ),
    },
  ];
  return (
    <Panel title="Claims">
      {hmos ? (
        <form
          className={styles.toolbar}
          onSubmit={(e) => {
            e.preventDefault();
            if (!hmoId) return setMessage({ error: true, text: 'Choose an HMO' });
            void run(() => submitClaim(hmoId, month), `Claim for ${month} submitted`);
          }}
        >
          <div className={styles.grow}>
            <SelectField
              label="HMO"
              options={hmos.map((h) => ({ id: h.id, label: h.name }))}
              value={hmoId}
              onChange={setHmoId}
              isDisabled={hmosLoading || hmosFailed}
              placeholder={hmosPlaceholder(hmosLoading, hmosFailed)}
            />
          </div>
          <TextField className={styles.narrow} label="Month (YYYY-MM)" value={month} onChange={setMonth} />
          <Button type="submit">Submit Claim</Button>
        </form>
      ) : null}
      {message ? (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? styles.error : styles.muted}>
          {message.text}
        </p>
      ) : null}
      <DataTable
        label="Claims"
        columns={columns}
        rows={claims.data?.claims}
        rowKey={(c) => c.id}
        isLoading={claims.status === 'loading'}
        loadingText="Loading claims..."
        error={claims.status === 'error' ? claims.error.message : null}
        onRetry={claims.reload}
        emptyTitle="No claims yet"
        emptyText="Submit a month's claim for an HMO to bill its share of enrolled patients' invoices."
      />
    </Panel>
  );
}

type Settle = (work: () => Promise<unknown>, done: string) => Promise<void>;

/** A claim's items; while submitted, the HMO's answer: reject items with a reason, the rest paid. */
function ClaimItems({ claim, onSettle }: { claim: Claim; onSettle: Settle }) {
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const open = claim.status === 'submitted';
  const rejected = Object.entries(reasons).filter(([, r]) => r.trim());
  return (
    <div className={styles.form}>
      <ul className={styles.pickList} aria-label={`Items of ${claim.claimNumber}`}>
        {claim.items.map((i) => (
          <li key={i.invoiceId}>
            {i.invoiceNumber} · {i.patientName} ({i.enrolleeNumber}) · {formatNaira(i.amountKobo)}
            {i.rejectedKobo ? ` · rejected ${formatNaira(i.rejectedKobo)}: ${i.reason ?? ''}` : ''}
            {open ? (
              <TextField
                label={`Rejection reason for ${i.invoiceNumber}`}
                value={reasons[i.invoiceId] ?? ''}
                onChange={(v) => setReasons((r) => ({ ...r, [i.invoiceId]: v }))}
                placeholder="Leave empty when paid"
              />
            ) : null}
          </li>
        ))}
      </ul>
      {open ? (
        <Button
          size="small"
          onPress={() =>
            void onSettle(
              () =>
                settleClaim(
                  claim.id,
                  rejected.map(([invoiceId, reason]) => ({ invoiceId, paid: '0', reason: reason.trim() })),
                ),
              `${claim.claimNumber} settled`,
            )
          }
        >
          {rejected.length ? `Settle (${rejected.length} rejected)` : 'Mark Paid in Full'}
        </Button>
      ) : null}
    </div>
  );
}

/** What an HMO picker says while the HMOs load, or once they could not be read (the page shows why, with Retry). */
export function hmosPlaceholder(loading: boolean, failed: boolean): string | undefined {
  if (loading) return 'Loading HMOs...';
  return failed ? 'HMOs could not be loaded' : undefined;
}
