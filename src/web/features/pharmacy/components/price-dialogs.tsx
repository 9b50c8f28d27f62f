import { nairaText } from '../../../components/price-editor';
import { formatNaira, nairaToKobo } from '../../../../shared/money';
import { addMedication, type Medication } from '../api/inventory';
import { priceOf, setMedicationPrice, type MedicationPrice } from '../api/prices';
import {
  validatePrice,
  validatePricedMedication,
  type PriceField,
  type PricedMedicationField,
  type Values,
} from '../stock-rules';
import { StockDialog, type StockFieldSpec } from './stock-dialog';
import type { Done } from './stock-dialogs';

/** The hospital's medication prices as the inventory loaded them. */
export type PriceBook = { prices: MedicationPrice[] | undefined; status: 'loading' | 'error' | 'success' };

/** What the price field says under it: the current price of the name typed, or why there is none. */
export function currentPriceNote(book: PriceBook, name: string): string {
  if (!name.trim()) return 'Per unit, as the invoice charges it. Leave empty to price it later.';
  if (book.status === 'loading' && !book.prices) return 'Looking up the current price...';
  if (book.status === 'error' && !book.prices)
    return 'The current price could not be loaded; a price typed here replaces it.';
  const current = priceOf(book.prices, name);
  return current === null
    ? 'No price yet: without one it is invoiced at ₦0.00.'
    : `Current price: ${formatNaira(current)}. Leave empty to keep it.`;
}

const NEW_MEDICATION = (book: PriceBook): StockFieldSpec<PricedMedicationField>[] => [
  { name: 'name', label: 'Medication name', isRequired: true },
  { name: 'batchNumber', label: 'Batch number', isRequired: true },
  { name: 'vendor', label: 'Vendor', isRequired: true },
  { name: 'expiryDate', label: 'Expiry date', type: 'date', isRequired: true },
  { name: 'quantity', label: 'Quantity', type: 'number', isRequired: true },
  {
    name: 'reorderLevel',
    label: 'Reorder level',
    type: 'number',
    isRequired: true,
    description: 'At or below this, the batch shows as Low Stock.',
  },
  {
    name: 'price',
    label: 'Price (₦)',
    inputMode: 'decimal',
    description: (v: Values<PricedMedicationField>) => currentPriceNote(book, v.name),
  },
];

/**
 * Add Medication: a new batch with its opening stock and, if typed, the medication's price (issue
 * 34 §1). The price is set first: a refused price adds nothing, and a retry after a refused batch
 * finds the price already set and changes nothing. A price equal to the current one is not sent.
 */
export function AddMedicationDialog({ isOpen, onClose, onDone, book }: Done & { isOpen: boolean; book: PriceBook }) {
  return (
    <StockDialog
      title="Add Medication"
      isOpen={isOpen}
      fields={NEW_MEDICATION(book)}
      validate={validatePricedMedication}
      submit={async (v) => {
        const name = v.name.trim();
        const kobo = v.price.trim() ? nairaToKobo(v.price) : null;
        const priced = kobo !== null && kobo !== priceOf(book.prices, name);
        if (priced) await setMedicationPrice(name, v.price.trim());
        const added = await addMedication({
          name,
          batchNumber: v.batchNumber.trim(),
          vendor: v.vendor.trim(),
          expiryDate: v.expiryDate.trim(),
          quantity: Number(v.quantity),
          reorderLevel: Number(v.reorderLevel),
        });
        return priced ? `${added.message} Price: ${formatNaira(kobo!)}.` : added.message;
      }}
      submitLabel="Add Medication"
      busyLabel="Adding..."
      onClose={onClose}
      onDone={onDone}
    />
  );
}

/** Set Price: the price of a medication, for every batch of it (the edit of a medication's price). */
export function SetPriceDialog({
  medication,
  book,
  onClose,
  onDone,
}: Done & { medication: Medication | null; book: PriceBook }) {
  const current = medication ? priceOf(book.prices, medication.name) : null;
  const fields: StockFieldSpec<PriceField>[] = [
    {
      name: 'price',
      label: 'Price (₦)',
      isRequired: true,
      inputMode: 'decimal',
      description: 'Per unit, for every batch of this medication.',
    },
  ];
  const intro = medication
    ? `${medication.name}: ${current === null ? 'no price yet (invoiced at ₦0.00)' : `current price ${formatNaira(current)}`}.`
    : undefined;
  return (
    <StockDialog
      title="Set Price"
      intro={intro}
      isOpen={!!medication}
      fields={fields}
      initialValues={{ price: nairaText(current) }}
      validate={validatePrice}
      submit={async (v) => {
        const said = await setMedicationPrice(medication!.name, v.price.trim());
        return `${said}: ${medication!.name}, ${formatNaira(nairaToKobo(v.price)!)}`;
      }}
      submitLabel="Save Price"
      busyLabel="Saving..."
      onClose={onClose}
      onDone={onDone}
    />
  );
}
