import { adjustStock, receiveStock, type Medication } from '../api/inventory';
import { validateAdjustment, validateReceipt, type ReceiptField } from '../stock-rules';
import { StockDialog, type StockFieldSpec } from './stock-dialog';

export type Done = { onClose: () => void; onDone: (message: string) => void };

export const batchOf = (m: Medication) => `${m.name}, batch ${m.batchNumber}: ${m.stockQuantity} in stock.`;

/** Receive Stock: units delivered into a batch. */
export function ReceiveStockDialog({ medication, onClose, onDone }: Done & { medication: Medication | null }) {
  const fields: StockFieldSpec<ReceiptField>[] = [
    { name: 'quantity', label: 'Quantity received', type: 'number', isRequired: true },
    { name: 'reason', label: 'Note (optional)', description: 'e.g. the delivery or invoice number.' },
  ];
  return (
    <StockDialog
      title="Receive Stock"
      intro={medication ? batchOf(medication) : undefined}
      isOpen={!!medication}
      fields={fields}
      validate={validateReceipt}
      submit={async (v) =>
        (await receiveStock(medication!.id, { quantity: Number(v.quantity), reason: v.reason.trim() || null })).message
      }
      submitLabel="Receive Stock"
      busyLabel="Saving..."
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** Adjust: a signed correction after a count, breakage or expiry, with its reason. */
export function AdjustStockDialog({ medication, onClose, onDone }: Done & { medication: Medication | null }) {
  const fields: StockFieldSpec<ReceiptField>[] = [
    {
      name: 'quantity',
      label: 'Quantity change',
      type: 'number',
      isRequired: true,
      description: 'Negative to remove (e.g. -3), positive to add.',
    },
    { name: 'reason', label: 'Reason', isRequired: true },
  ];
  return (
    <StockDialog
      title="Adjust Stock"
      intro={medication ? batchOf(medication) : undefined}
      isOpen={!!medication}
      fields={fields}
      validate={validateAdjustment}
      submit={async (v) =>
        (await adjustStock(medication!.id, { quantity: Number(v.quantity), reason: v.reason.trim() })).message
      }
      submitLabel="Save Adjustment"
      busyLabel="Saving..."
      onClose={onClose}
      onDone={onDone}
    />
  );
}
