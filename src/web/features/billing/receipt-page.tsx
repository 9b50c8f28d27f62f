import { useParams } from 'react-router-dom';
import { Button, ButtonLink } from '../../components/button';
import { ErrorState, LoadingState } from '../../components/states';
import { useAtomValue } from 'jotai';
import { signedInUserAtom } from '../../lib/session';
import { useRemoteData } from '../../lib/use-remote-data';
import { formatDateTime } from '../../../shared/hospital-time-format';
import { formatNaira } from '../../../shared/money';
import { getReceipt } from './api/payments-api';
import { PAYMENT_METHOD_LABELS } from './api/billing-schemas';
import { USER_BILLING_LINKS, type BillingLinks } from './billing-links';
import styles from './receipt-page.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

/** /user/payments/:paymentId/receipt: a payment's receipt, styled for print (only the receipt prints). */
export default function ReceiptPage({ links = USER_BILLING_LINKS }: { links?: BillingLinks }) {
  const timeZone = useHospitalTimeZone();
  const { paymentId = '' } = useParams();
  const hospital = useAtomValue(signedInUserAtom)?.hospital?.name ?? '';
  const receipt = useRemoteData((signal) => getReceipt(paymentId, signal), paymentId);
  if (receipt.status === 'loading' && !receipt.data) return <LoadingState label="Loading receipt..." />;
  if (receipt.status === 'error' && !receipt.data) {
    return <ErrorState message={receipt.error.message} onRetry={receipt.reload} />;
  }
  const r = receipt.data!;
  const inv = r.invoice;
  return (
    <div className={styles.page}>
      <div className={styles.toolbar}>
        <Button onPress={() => window.print()}>Print</Button>
        {inv ? (
          <ButtonLink href={links.invoice(inv.id)} variant="secondary">
            Back to invoice
          </ButtonLink>
        ) : null}
      </div>
      <article className={styles.receipt} aria-label={`Receipt ${r.receiptNumber}`}>
        <header className={styles.head}>
          <h1>{hospital || 'Receipt'}</h1>
          <p>
            Payment receipt <strong>{r.receiptNumber}</strong>
          </p>
        </header>
        <dl className={styles.facts}>
          <dt>Date</dt>
          <dd>{formatDateTime(r.receivedAt, timeZone)}</dd>
          <dt>Received from</dt>
          <dd>{r.patientName}</dd>
          <dt>Method</dt>
          <dd>{PAYMENT_METHOD_LABELS[r.method] ?? r.method}</dd>
          {r.reference ? (
            <>
              <dt>Reference</dt>
              <dd>{r.reference}</dd>
            </>
          ) : null}
          {inv ? (
            <>
              <dt>Invoice</dt>
              <dd>{inv.number}</dd>
            </>
          ) : null}
          <dt>Received by</dt>
          <dd>{r.receivedBy}</dd>
        </dl>
        <p className={styles.amount}>
          Amount paid <strong>{formatNaira(r.amountKobo)}</strong>
        </p>
        {inv ? (
          <table className={styles.lines}>
            <caption>Invoice {inv.number}</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Qty</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {inv.lines.map((l) => (
                <tr key={l.lineId}>
                  <td>{l.description}</td>
                  <td>{l.quantity}</td>
                  <td>{formatNaira(l.amountKobo)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>
                  Invoice total
                </th>
                <td>{formatNaira(inv.totalKobo)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  Paid to date
                </th>
                <td>{formatNaira(inv.paidKobo)}</td>
              </tr>
              <tr>
                <th scope="row" colSpan={2}>
                  Balance
                </th>
                <td>{formatNaira(inv.balanceKobo)}</td>
              </tr>
            </tfoot>
          </table>
        ) : null}
        <footer className={styles.foot}>Thank you.</footer>
      </article>
    </div>
  );
}
