import type { StockStatus } from '../../shared/api/pharmacy';
import type { MedicationEvent } from './events';

/** A stocked batch of a medication, stream `medication-<medicationId>`. */
export type MedicationState =
  | { status: 'none' }
  | {
      status: 'stocked';
      medicationId: string;
      hospitalId: string;
      name: string;
      expiryDate: string;
      reorderLevel: number;
      stock: number;
    };

export const medicationStream = (medicationId: string) => `medication-${medicationId}`;
/** Whether a stream is a stocked batch's (what every dispensing of that medication writes to). */
export const isStockStream = (stream: string) => stream.startsWith('medication-');

export const initialMedicationState = (): MedicationState => ({ status: 'none' });

export function evolveMedication(state: MedicationState, event: MedicationEvent): MedicationState {
  switch (event.type) {
    case 'MedicationStocked': {
      const d = event.data;
      return {
        status: 'stocked',
        medicationId: d.medicationId,
        hospitalId: d.hospitalId,
        name: d.name,
        expiryDate: d.expiryDate,
        reorderLevel: d.reorderLevel,
        stock: d.quantity,
      };
    }
    case 'StockReceived':
    case 'StockAdjusted':
      return state.status === 'stocked' ? { ...state, stock: state.stock + event.data.quantity } : state;
    case 'MedicationDispensed':
      return state.status === 'stocked' ? { ...state, stock: state.stock - event.data.quantity } : state;
    default:
      return state;
  }
}

export type { StockStatus };

/** Out at zero, low at or under the reorder level. */
export function stockStatus(stock: number, reorderLevel: number): StockStatus {
  if (stock <= 0) return 'Out of Stock';
  return stock <= reorderLevel ? 'Low Stock' : 'In Stock';
}
