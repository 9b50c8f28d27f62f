import { z } from 'zod';
import { endpoint } from './endpoint';

/**
 * Prices where the stock and the catalogue are kept (issue 34 §1): the pharmacist prices the
 * medications of the formulary from the inventory (Add Medication among them) and the lab prices
 * the tests of its catalogue, beside the Price list of the admin and the accountant. The same
 * price list underneath: a medication by its name in any case, a lab test by its code; kobo.
 */
const priceKobo = z.number().int().min(0).nullable();
const medicationPrice = z.object({ key: z.string(), name: z.string(), priceKobo });
const labTestPrice = z.object({ code: z.string(), name: z.string(), priceKobo });

/** Every medication of the formulary (and any medication priced before it was stocked), with its price or null. */
export const medicationPricesEndpoint = endpoint({
  method: 'GET',
  path: '/inventory/prices',
  data: z.object({ medications: z.array(medicationPrice) }),
});

/** One medication's price, by its name (naira as typed); `changed` false: it had that price already. */
export const setMedicationPriceEndpoint = endpoint({
  method: 'PUT',
  path: '/inventory/prices',
  data: z.object({ medication: medicationPrice, changed: z.boolean() }),
});

/** The lab's catalogue of tests, each with its price or null. */
export const labCatalogueEndpoint = endpoint({
  method: 'GET',
  path: '/lab/catalogue',
  data: z.object({ tests: z.array(labTestPrice) }),
});

/** One lab test's price, by its code (naira as typed). */
export const setLabTestPriceEndpoint = endpoint({
  method: 'PUT',
  path: '/lab/catalogue/:code/price',
  params: z.object({ code: z.string().trim().min(1).max(20) }),
  data: z.object({ test: labTestPrice, changed: z.boolean() }),
});

export type MedicationPrice = z.infer<typeof medicationPrice>;
export type LabTestPrice = z.infer<typeof labTestPrice>;
