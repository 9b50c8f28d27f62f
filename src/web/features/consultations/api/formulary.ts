import { request } from '../../../lib/api-client';
import { z } from '../../../lib/zod';
import type { ComboOption } from '../../../components/combo-field';
import { clinicalError } from './consultation-schemas';

const groups = z.object({
  data: z.object({
    groups: z.array(z.object({ medicationId: z.string(), name: z.string(), stockQuantity: z.number() })),
  }),
});

/**
 * GET /api/inventory/medications/groups: the hospital's formulary, one option per medication (its
 * name carries the strength and form, as the pharmacy stocks it), with the stock on hand.
 */
export async function getFormulary(signal?: AbortSignal): Promise<ComboOption[]> {
  try {
    const answer = groups.parse(await request('/inventory/medications/groups', { signal }));
    return answer.data.groups.map((g) => ({
      id: g.medicationId,
      label: g.name,
      hint: g.stockQuantity > 0 ? `${g.stockQuantity} in stock` : 'Out of stock',
    }));
  } catch (e) {
    throw clinicalError(e, 'Failed to fetch the formulary');
  }
}
