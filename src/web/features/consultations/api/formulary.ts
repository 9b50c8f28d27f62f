import type { ComboOption } from '../../../components/combo-field';
import { fetchMedicationGroups } from '../../../lib/medication-stock';
import { clinicalError } from './consultation-schemas';

/**
 * GET /api/inventory/medications/groups: the hospital's formulary, one option per medication (its
 * name carries the strength and form, as the pharmacy stocks it), with the stock on hand.
 */
export async function getFormulary(signal?: AbortSignal): Promise<ComboOption[]> {
  try {
    const groups = await fetchMedicationGroups(signal);
    return groups.map((g) => ({
      id: g.medicationId,
      label: g.name,
      hint: g.stockQuantity > 0 ? `${g.stockQuantity} in stock` : 'Out of stock',
    }));
  } catch (e) {
    throw clinicalError(e, 'Failed to fetch the formulary');
  }
}
