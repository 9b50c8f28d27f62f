import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore, Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  invoiceEndpoint,
  priceInvoiceLineEndpoint,
  recordPaymentEndpoint,
  voidInvoiceEndpoint,
} from '../../../shared/api/billing';
import { answer, fakeApi, type FakeHandler, type RecordedCall } from '../../lib/testing/fake-api';
import type { InvoiceDetail } from './api/billing-schemas';
import InvoiceDetailPage from './invoice-detail-page';

vi.setConfig({ testTimeout: 20_000 });

/** An invoice as GET /api/billing/invoices/:id sends it; the patient's share and balance follow the HMO's. */
const invoice = (over: Partial<InvoiceDetail> = {}): InvoiceDetail => {
  const base: InvoiceDetail = {
    id: 'inv-1',
    number: 'INV-INV1',
    patientId: 'p-1',
    patientName: 'Ada Obi',
    consultationId: 'c-1',
    doctorName: 'Dr Musa Bello',
    lines: [
      {
        lineId: 'l1',
        kind: 'consultation',
        description: 'Consultation fee',
        quantity: 1,
        unitPriceKobo: 500_000,
        amountKobo: 500_000,
        source: null,
      },
      {
        lineId: 'l2',
        kind: 'charge',
        description: 'Injection',
        quantity: 1,
        unitPriceKobo: 150_050,
        amountKobo: 150_050,
        source: null,
      },
    ],
    totalKobo: 650_050,
    paidKobo: 0,
    balanceKobo: 650_050,
    status: 'unpaid',
    voidReason: null,
    createdAt: '2026-05-30T09:00:00.000Z',
    updatedAt: '2026-05-30T09:00:00.000Z',
    version: 1,
    hmo: null,
    hmoShareKobo: 0,
    hmoPaidKobo: 0,
    hmoPendingKobo: 0,
    hmoBalanceKobo: 0,
    patientShareKobo: 0,
    patientBalanceKobo: 0,
    payments: [],
    ...over,
  };
  return {
    ...base,
    patientShareKobo: over.patientShareKobo ?? base.totalKobo - base.hmoShareKobo,
    patientBalanceKobo: over.patientBalanceKobo ?? base.balanceKobo - base.hmoBalanceKobo,
  };
};
const payment = {
  id: 'pay-1',
  invoiceId: 'inv-1',
  patientId: 'p-1',
  patientName: 'Ada Obi',
  amountKobo: 400_000,
  method: 'pos',
  reference: 'POS-77',
  receiptNumber: 'RCT-000001',
  receivedBy: 'Bola Ade',
  receivedAt: '2026-05-30T10:00:00.000Z',
  payer: 'patient' as const,
};
const detail = (invoice: InvoiceDetail) => answer(invoiceEndpoint, { invoice });

let api: ReturnType<typeof fakeApi>;
function renderPage(routes: Record<string, FakeHandler>) {
  api = fakeApi(routes);
  return render(
    <Provider store={createStore()}>
      <MemoryRouter initialEntries={['/user/invoice/inv-1']}>
        <Routes>
          <Route path="/user/invoice/:invoiceId" element={<InvoiceDetailPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
afterEach(() => api.restore());

describe('invoice detail', () => {
  it('shows the lines and totals, refuses more than the balance, and records a POS part payment with an Idempotency-Key', async () => {
    let current = invoice();
    const paid: RecordedCall[] = [];
    renderPage({
      'GET /billing/invoices/inv-1': () => detail(current),
      'POST /billing/invoices/inv-1/payments': (call) => {
        paid.push(call);
        current = invoice({ paidKobo: 400_000, balanceKobo: 250_050, status: 'part-paid', payments: [payment] });
        return { status: 201, ...answer(recordPaymentEndpoint, { payment, invoice: current }) };
      },
    });
    expect(screen.getByText('Loading invoice...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Invoice INV-INV1' })).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).getByText('Injection')).toBeInTheDocument();
    expect(within(lines).getAllByText('₦1,500.50')).toHaveLength(2);
    expect(screen.getByText('No payments yet')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Record Payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record Payment' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (₦)' });
    expect(amount).toHaveValue('6500.50');
    await userEvent.clear(amount);
    await userEvent.type(amount, '6500.51');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(within(dialog).getByText('The balance is ₦6,500.50')).toBeInTheDocument();
    expect(paid).toHaveLength(0);

    await userEvent.clear(amount);
    await userEvent.type(amount, '4000');
    await userEvent.click(within(dialog).getByRole('button', { name: /Payment method/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'POS' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Reference/ }), 'POS-77');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(paid[0]!.body).toEqual({ amount: '4000', method: 'pos', reference: 'POS-77' });
    expect(paid[0]!.headers['idempotency-key']).toMatch(/^[\w-]{16,}$/);
    expect(paid[0]!.headers['content-type']).toMatch(/^application\/json/);
    const payments = await screen.findByRole('table', { name: 'Payments' });
    expect(within(payments).getByText('RCT-000001')).toBeInTheDocument();
    expect(within(payments).getByRole('link', { name: 'Print receipt RCT-000001' })).toHaveAttribute(
      'href',
      '/user/payments/pay-1/receipt',
    );
    // Paid in part: no void any more.
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it("checks an HMO-covered payment against the chosen payer's balance, not the invoice's", async () => {
    const covered = invoice({
      hmo: { id: 'h-1', name: 'Hygeia', enrolleeNumber: 'HYG/1' },
      hmoShareKobo: 400_000,
      hmoBalanceKobo: 400_000,
      // ₦1,000 of the HMO's share is in a submitted claim: the claim settles it, not a payment.
      hmoPendingKobo: 100_000,
      patientShareKobo: 250_050,
      patientBalanceKobo: 250_050,
    });
    const paid: RecordedCall[] = [];
    renderPage({
      'GET /billing/invoices/inv-1': () => detail(covered),
      'POST /billing/invoices/inv-1/payments': (call) => {
        paid.push(call);
        return {
          status: 201,
          ...answer(recordPaymentEndpoint, { payment: { ...payment, method: 'hmo' }, invoice: covered }),
        };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Record Payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record Payment' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount (₦)' });
    expect(amount).toHaveValue('2500.50');
    expect(within(dialog).getByText(/co-pay's balance/)).toHaveTextContent(
      "Paid by the patient: the co-pay's balance ₦2,500.50",
    );
    const pick = async (name: string) => {
      await userEvent.click(within(dialog).getByRole('button', { name: /Payment method/ }));
      await userEvent.click(await screen.findByRole('option', { name }));
    };
    await pick('HMO');
    expect(amount).toHaveValue('3000.00');
    expect(within(dialog).getByText(/share's balance/)).toHaveTextContent(
      "Paid by Hygeia: its share's balance ₦3,000.00",
    );
    await userEvent.clear(amount);
    await userEvent.type(amount, '3000.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(within(dialog).getByText("The HMO's balance is ₦3,000.00")).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '3000');
    await pick('Cash');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(within(dialog).getByText("The patient's balance is ₦2,500.50")).toBeInTheDocument();
    expect(paid).toHaveLength(0);
    await pick('HMO');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    await waitFor(() => expect(paid).toHaveLength(1));
    expect(paid[0]!.body).toMatchObject({ amount: '3000', method: 'hmo' });
  });

  it("starts on the HMO's share when the co-pay is paid, and says when a share is already settled", async () => {
    renderPage({
      'GET /billing/invoices/inv-1': () =>
        detail(
          invoice({
            status: 'part-paid',
            paidKobo: 250_050,
            balanceKobo: 400_000,
            hmo: { id: 'h-1', name: 'Hygeia', enrolleeNumber: 'HYG/1' },
            hmoShareKobo: 400_000,
            hmoBalanceKobo: 400_000,
            hmoPendingKobo: 0,
            patientShareKobo: 250_050,
            patientBalanceKobo: 0,
          }),
        ),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Record Payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Record Payment' });
    expect(within(dialog).getByRole('textbox', { name: 'Amount (₦)' })).toHaveValue('4000.00');
    await userEvent.click(within(dialog).getByRole('button', { name: /Payment method/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bank transfer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record Payment' }));
    expect(within(dialog).getByText("The patient's share is already paid")).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog", async () => {
    renderPage({
      'GET /billing/invoices/inv-1': () => detail(invoice()),
      'POST /billing/invoices/inv-1/payments': () => ({
        status: 409,
        body: { success: false, message: 'This invoice is void', code: 'INVOICE_VOID' },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Record Payment' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Record Payment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invoice is void');
  });

  it('voids with a reason, asking for one first', async () => {
    let current = invoice();
    renderPage({
      'GET /billing/invoices/inv-1': () => detail(current),
      'POST /billing/invoices/inv-1/void': (call) => {
        current = invoice({ status: 'void', voidReason: (call.body as { reason: string }).reason, balanceKobo: 0 });
        return answer(voidInvoiceEndpoint, { invoice: current });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Void Invoice' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void Invoice' }));
    expect(within(dialog).getByText('Reason is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Raised twice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Void Invoice' }));
    expect(await screen.findByText('Voided: Raised twice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record Payment' })).not.toBeInTheDocument();
  });

  it('says when the invoice cannot be found', async () => {
    renderPage({
      'GET /billing/invoices/inv-1': () => ({ status: 404, body: { success: false, message: 'Invoice not found' } }),
    });
    expect(await screen.findByText('Invoice not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Invoices' })).toHaveAttribute('href', '/user/invoice');
  });

  it('warns of the ₦0 lines and lets the accountant price one: the total follows', async () => {
    const zero = (lineId: string, description: string) => ({
      lineId,
      kind: 'medication' as const,
      description,
      quantity: 2,
      unitPriceKobo: 0,
      amountKobo: 0,
      source: `dispense:c-1:${lineId}`,
    });
    const fee = invoice().lines[0]!;
    let current = invoice({
      lines: [fee, zero('l2', 'Vitamin C (no list price)'), zero('l3', 'Zinc (no list price)')],
      totalKobo: 500_000,
      balanceKobo: 500_000,
    });
    const priced: RecordedCall[] = [];
    renderPage({
      'GET /billing/invoices/inv-1': () => detail(current),
      'POST /billing/invoices/inv-1/lines/l2/price': (call) => {
        priced.push(call);
        const lines = [{ ...zero('l2', 'Vitamin C'), unitPriceKobo: 5_000, amountKobo: 10_000 }, current.lines[2]!];
        current = invoice({ lines: [fee, ...lines], totalKobo: 510_000, balanceKobo: 510_000 });
        return answer(priceInvoiceLineEndpoint, { invoice: current });
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('2 lines have no price');
    const lines = screen.getByRole('table', { name: 'Invoice lines' });
    expect(within(lines).queryByRole('button', { name: 'Price Consultation fee' })).not.toBeInTheDocument();
    await userEvent.click(within(lines).getByRole('button', { name: 'Price Vitamin C (no list price)' }));
    const dialog = screen.getByRole('dialog', { name: 'Price Line' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Price' }));
    expect(within(dialog).getByText('Price is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Unit price (₦)' }), '50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Price' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(priced[0]!.body).toEqual({ unitPrice: '50' });
    expect(await screen.findByText('1 line has no price', { exact: false })).toBeInTheDocument();
    expect(screen.getAllByText('₦5,100.00').length).toBeGreaterThan(0);
  });
});
