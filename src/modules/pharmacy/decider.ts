import type { Decider } from '../../platform/event-store/command-handler';
import {
  InsufficientStock,
  MedicationAlreadyStocked,
  MedicationNotFound,
  StockAboveMaximum,
  StockBelowZero,
} from './errors';
import type { MedicationEvent } from './events';
import { evolveMedication, initialMedicationState, type MedicationState } from './medication';

export type MedicationDetails = {
  name: string;
  batchNumber: string;
  vendor: string;
  expiryDate: string;
  reorderLevel: number;
};
type Target = { medicationId: string; hospitalId: string };
export type StockMedication = Target & { type: 'StockMedication'; details: MedicationDetails; quantity: number };
export type ReceiveStock = Target & { type: 'ReceiveStock'; quantity: number; reason: string | null };
export type AdjustStock = Target & { type: 'AdjustStock'; quantity: number; reason: string };
export type DispenseMedication = Target & {
  type: 'DispenseMedication';
  quantity: number;
  consultationId: string;
  prescriptionIndex: number;
  patientId: string;
};
export type MedicationCommand = StockMedication | ReceiveStock | AdjustStock | DispenseMedication;

type Stocked = Extract<MedicationState, { status: 'stocked' }>;

/**
 * The most one batch may hold. Each receipt or adjustment is bounded by the schemas; this bounds
 * their sum, so a batch's stock (an integer column of the read model) cannot grow past what it
 * holds, whatever the number of receipts.
 */
export const MAX_BATCH_STOCK = 100_000_000;

function stockedIn(state: MedicationState, hospitalId: string): Stocked {
  if (state.status !== 'stocked' || state.hospitalId !== hospitalId) throw new MedicationNotFound();
  return state;
}

function stock(command: StockMedication, state: MedicationState): MedicationEvent[] {
  if (state.status !== 'none') throw new MedicationAlreadyStocked();
  const { medicationId, hospitalId, details, quantity } = command;
  if (quantity > MAX_BATCH_STOCK) throw new StockAboveMaximum(MAX_BATCH_STOCK, 0);
  return [{ type: 'MedicationStocked', data: { ...details, medicationId, hospitalId, quantity } }];
}

function receive(command: ReceiveStock, state: MedicationState): MedicationEvent[] {
  const current = stockedIn(state, command.hospitalId);
  if (current.stock + command.quantity > MAX_BATCH_STOCK) throw new StockAboveMaximum(MAX_BATCH_STOCK, current.stock);
  return [
    {
      type: 'StockReceived',
      data: { medicationId: current.medicationId, quantity: command.quantity, reason: command.reason },
    },
  ];
}

function adjust(command: AdjustStock, state: MedicationState): MedicationEvent[] {
  const current = stockedIn(state, command.hospitalId);
  if (current.stock + command.quantity < 0) throw new StockBelowZero(current.stock);
  // A batch already above the maximum (stocked before there was one) may still be counted down.
  if (command.quantity > 0 && current.stock + command.quantity > MAX_BATCH_STOCK) {
    throw new StockAboveMaximum(MAX_BATCH_STOCK, current.stock);
  }
  return [
    {
      type: 'StockAdjusted',
      data: { medicationId: current.medicationId, quantity: command.quantity, reason: command.reason },
    },
  ];
}

function dispense(command: DispenseMedication, state: MedicationState): MedicationEvent[] {
  const current = stockedIn(state, command.hospitalId);
  if (current.stock < command.quantity) throw new InsufficientStock(current.name, current.stock, command.quantity);
  const { quantity, consultationId, prescriptionIndex, patientId } = command;
  return [
    {
      type: 'MedicationDispensed',
      data: {
        medicationId: current.medicationId,
        name: current.name,
        quantity,
        consultationId,
        prescriptionIndex,
        patientId,
      },
    },
  ];
}

export const medicationDecider: Decider<MedicationCommand, MedicationEvent, MedicationState> = {
  initialState: initialMedicationState,
  evolve: evolveMedication,
  decide: (command, state) => {
    switch (command.type) {
      case 'StockMedication':
        return stock(command, state);
      case 'ReceiveStock':
        return receive(command, state);
      case 'AdjustStock':
        return adjust(command, state);
      case 'DispenseMedication':
        return dispense(command, state);
      default: {
        const never: never = command;
        throw new Error(`Unknown command ${(never as { type: string }).type}`);
      }
    }
  },
};
