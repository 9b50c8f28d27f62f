import { z } from 'zod';
import { LAB_TEST_CATALOGUE } from '../../shared/lab-tests';
import { PRICE_KINDS } from './events';
import { nairaAmount } from './schemas';

const KIND_MESSAGE = 'Type must be medication, lab or service';

/**
 * One price to set (issue 34 §1): a lab test by its code (or its catalogue name), a medication or
 * another service by its name; the price in naira as typed.
 */
const priceItem = z
  .object({
    kind: z.enum(PRICE_KINDS, { error: KIND_MESSAGE }),
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(200, 'Must be at most 200 characters long'),
    code: z.string().trim().max(20, 'Must be at most 20 characters long').nullish(),
    price: nairaAmount('Price'),
  })
  .transform((item, ctx) => {
    if (item.kind !== 'lab') {
      return { kind: item.kind, key: item.name.toLowerCase(), name: item.name, priceKobo: item.price };
    }
    const code = item.code?.toUpperCase();
    const test = LAB_TEST_CATALOGUE.find(
      (t) => t.code === code || (!code && t.name.toLowerCase() === item.name.toLowerCase()),
    );
    if (!test) {
      ctx.addIssue({
        code: 'custom',
        path: [code ? 'code' : 'name'],
        message: `${code ?? item.name} is not a lab test of the catalogue`,
      });
      return z.NEVER;
    }
    return { kind: 'lab' as const, key: test.code, name: test.name, priceKobo: item.price };
  });

export const setPricesBody = z.object({
  items: z
    .array(priceItem, { error: 'Items are required' })
    .min(1, 'Give at least one price')
    .max(2000, 'At most 2000 prices at once')
    .superRefine((items, ctx) => {
      const seen = new Set<string>();
      items.forEach((item, i) => {
        const slot = `${item.kind}:${item.key}`;
        if (seen.has(slot))
          ctx.addIssue({ code: 'custom', path: [i, 'name'], message: `${item.name} is listed twice` });
        seen.add(slot);
      });
    }),
});

export const linePriceBody = z.object({ unitPrice: nairaAmount('Price', { positive: true }) });

/** A medication's price from the inventory (issue 34 §1): the medication by its name, naira as typed. */
export const medicationPriceBody = z.object({
  name: z
    .string({ error: 'Medication name is required' })
    .trim()
    .min(1, 'Medication name is required')
    .max(200, 'Must be at most 200 characters long'),
  price: nairaAmount('Price'),
});

/** A lab test's price from the lab catalogue; the test is the path's code. */
export const labTestPriceBody = z.object({ price: nairaAmount('Price') });
