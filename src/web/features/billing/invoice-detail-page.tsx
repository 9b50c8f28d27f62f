import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { Button, ButtonLink } from '../../components/button';
import { DataTable, type Column } from '../../components/data-table';
import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { ErrorState, LoadingState } from '../../components/states';
import { shortDate } from '../../lib/dates';
import { useRemoteData } from '../../lib/use-remote-data';
import { formatNaira } from '../../../shared/money';
import { getInvoice } from './api/invoices-api';
import { USER_BILLING_LINKS, type BillingLinks } from './billing-links';
import { PAYMENT_METHOD_LABELS, type InvoiceDetail, type Payment } from './api/billing-schemas';
import { InvoiceStatusBadge } from './components/invoice-status-badge';
import { RecordPaymentDialog } from './components/record-payment-dialog';
import { VoidInvoiceDialog } from './components/void-invoice-dialog';
import { PriceLineDialog, unpricedLines, unpricedWarning } from './components/price-line-dialog';
import { Banner } from '../../components/banner';
import styles from './components/billing.module.css';
import { useHospitalTimeZone } from '../../lib/hospital-time';

type Line = InvoiceDetail['lines'][number];

/**
 * /user/invoice/:invoiceId (and the admin's /admin/billing/invoices/:invoiceId, with its links):
 * lines, payments with their receipts, Record Payment and Void.
 */
export default function InvoiceDetailPage({ links = USER_BILLING_LINKS }: { links?: BillingLinks }) {
  const timeZone = useHospitalTimeZone();
  const { invoiceId = '' } = useParams();
  const invoice = useRemoteData((signal) => getInvoice(invoiceId, signal), invoiceId);
  const [dialog, setDialog] = useState<'pay' | 'void' | null>(null);
  const [pricing, setPricing] = useState<Line | null>(null);
  if (invoice.status === 'loading' && !invoice.data) return <LoadingState label="Loading invoice..." />;
  if (invoice.status === 'error' && !invoice.data) {
    return (
      <div className={styles.page}>
        <ErrorState message={invoice.error.message} onRetry={invoice.reload} />
        <ButtonLink href={links.invoices} variant="secondary">
          Back to Invoices
        </ButtonLink>
      </div>
    );
  }
  const inv = invoice.data!;
  const money = (kobo: number) => <span className={styles.money}>{formatNaira(kobo)}</span>;
  const lineColumns: Column<Line>[] = [
    { key: 'description', header: 'Item', render: (l) => l.description },
    { key: 'kind', header: 'Kind', render: (l) => l.kind },
    { key: 'qty', header: 'Qty', render: (l) => l.quantity },
    { key: 'price', header: 'Unit price', render: (l) => money(l.unitPriceKobo) },
    { key: 'amount', header: 'Amount', render: (l) => money(l.amountKobo) },
  ];
  const unpriced = unpricedLines(inv);
  if (unpriced.length) {
    lineColumns.push({
      key: 'price-line',
      header: 'Actions',
      render: (l) =>
        l.unitPriceKobo === 0 ? (
          <Button size="small" variant="secondary" onPress={() => setPricing(l)} aria-label={`Price ${l.description}`}>
            Price
          </Button>
        ) : null,
    });
  }
  const paymentColumns: Column<Payment>[] = [
    { key: 'receipt', header: 'Receipt', render: (p) => p.receiptNumber },
    { key: 'date', header: 'Date', render: (p) => shortDate(p.receivedAt, timeZone) },
    { key: 'method', header: 'Method', render: (p) => PAYMENT_METHOD_LABELS[p.method] ?? p.method },
    { key: 'reference', header: 'Reference', render: (p) => p.reference ?? '—' },
    { key: 'amount', header: 'Amount', render: (p) => money(p.amountKobo) },
    { key: 'by', header: 'Received by', render: (p) => p.receivedBy },
    {
      key: 'print',
      header: 'Actions',
      render: (p) => (
        <ButtonLink
          href={links.receipt(p.id)}
          variant="ghost"
          size="small"
          aria-label={`Print receipt ${p.receiptNumber}`}
        >
          Print receipt
        </ButtonLink>
      ),
    },
  ];
  const canPay = inv.status !== 'void' && inv.balanceKobo > 0;
  const canVoid = inv.status !== 'void' && inv.paidKobo === 0;
  return (
    <div className={styles.page}>
      <PageHeading
        title={`Invoice ${inv.number}`}
        actions={
          <div className={styles.actions}>
            {canPay ? <Button onPress={() => setDialog('pay')}>Record Payment</Button> : null}
            {canVoid ? (
              <Button variant="danger" onPress={() => setDialog('void')}>
                Void
              </Button>
            ) : null}
          </div>
        }
      />
      <Panel title="Summary" badge={<InvoiceStatusBadge status={inv.status} />}>
        <dl className={styles.facts}>
          <div>
            <dt>Patient</dt>
            <dd>{inv.patientName}</dd>
          </div>
          <div>
            <dt>Date</dt>
            <dd>{shortDate(inv.createdAt, timeZone)}</dd>
          </div>
          <div>
            <dt>Doctor</dt>
            <dd>{inv.doctorName ?? '—'}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{money(inv.totalKobo)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd>{money(inv.paidKobo)}</dd>
          </div>
          <div>
            <dt>Balance</dt>
            <dd>{money(inv.balanceKobo)}</dd>
          </div>
        </dl>
        {inv.voidReason ? <p className={styles.muted}>Voided: {inv.voidReason}</p> : null}
      </Panel>
      {inv.hmo ? (
        <Panel title="HMO Split">
          <p className={styles.muted}>
            {inv.hmo.name}, enrollee {inv.hmo.enrolleeNumber}
          </p>
          <dl className={styles.facts}>
            <div>
              <dt>HMO share</dt>
              <dd>{money(inv.hmoShareKobo ?? 0)}</dd>
            </div>
            <div>
              <dt>HMO balance</dt>
              <dd>{money(inv.hmoBalanceKobo ?? 0)}</dd>
            </div>
            <div>
              <dt>Patient co-pay</dt>
              <dd>{money(inv.patientShareKobo ?? 0)}</dd>
            </div>
            <div>
              <dt>Patient balance</dt>
              <dd>{money(inv.patientBalanceKobo ?? 0)}</dd>
            </div>
          </dl>
        </Panel>
      ) : null}
      <Panel title="Lines">
        {unpriced.length ? (
          <Banner tone="warning">
            {unpricedWarning(unpriced.length)}: they are at ₦0.00. Price each line, or set the price on the Price List
            for the next invoices.
          </Banner>
        ) : null}
        <DataTable
          label="Invoice lines"
          columns={lineColumns}
          rows={inv.lines}
          rowKey={(l) => l.lineId}
          isLoading={false}
          emptyTitle="No lines"
        />
      </Panel>
      <Panel title="Payments">
        <DataTable
          label="Payments"
          columns={paymentColumns}
          rows={inv.payments}
          rowKey={(p) => p.id}
          isLoading={false}
          emptyTitle="No payments yet"
          emptyText={canPay ? 'Record a payment when the patient pays.' : undefined}
        />
      </Panel>
      <RecordPaymentDialog
        invoice={inv}
        isOpen={dialog === 'pay'}
        onClose={() => setDialog(null)}
        onPaid={(p) => {
          setDialog(null);
          toast.success(`Payment recorded: ${p.receiptNumber}`);
          invoice.refresh();
        }}
      />
      <PriceLineDialog
        invoice={inv}
        line={pricing}
        onClose={() => setPricing(null)}
        onPriced={() => {
          setPricing(null);
          toast.success('Line priced');
          invoice.refresh();
        }}
      />
      <VoidInvoiceDialog
        invoice={inv}
        isOpen={dialog === 'void'}
        onClose={() => setDialog(null)}
        onVoided={() => {
          setDialog(null);
          toast.success('Invoice voided');
          invoice.refresh();
        }}
      />
    </div>
  );
}
