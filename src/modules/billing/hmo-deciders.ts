import type { Decider } from '../../platform/event-store/command-handler';
import { BadRequest } from '../../platform/http/errors';
import { ClaimAlreadySettled, ClaimNotFound, HmoNotFound } from './errors';
import type {
  ClaimItem,
  ClaimItemOutcome,
  ClaimNumberIssued,
  ClaimSettled,
  ClaimSubmitted,
  HmoProviderSaved,
  PatientHmoEnrolled,
  PatientHmoEnrollmentEnded,
} from './hmo-events';

export const hmoStream = (hmoId: string) => `billing-hmo-${hmoId}`;
export const enrollmentStream = (patientId: string) => `billing-enrollment-${patientId}`;
export const claimStream = (claimId: string) => `billing-claim-${claimId}`;
export const claimCounterStream = (hospitalId: string) => `billing-claim-numbers-${hospitalId}`;
export const claimNumber = (n: number) => `CLM-${String(n).padStart(6, '0')}`;

// ─── Provider
export type HmoState = HmoProviderSaved['data'] | null;
export type SaveHmo = {
  type: 'SaveHmo';
  hmo: HmoProviderSaved['data'];
  /** An edit: the provider must exist and be the hospital's; its code stays. */
  edit: boolean;
};

export const hmoDecider: Decider<SaveHmo, HmoProviderSaved, HmoState> = {
  initialState: () => null,
  evolve: (_state, event) => event.data,
  decide: (command, state) => {
    if (command.edit) {
      if (!state || state.hospitalId !== command.hmo.hospitalId) throw new HmoNotFound();
      if (state.code !== command.hmo.code) {
        throw new BadRequest('HMO code cannot be changed', [{ field: 'code', message: 'HMO code cannot be changed' }]);
      }
    }
    return [{ type: 'HmoProviderSaved', data: command.hmo }];
  },
};

// ─── Enrollment (one HMO per patient at a time)
type EnrollmentEvent = PatientHmoEnrolled | PatientHmoEnrollmentEnded;
export type EnrollmentState = PatientHmoEnrolled['data'] | null;
export type EnrollmentCommand =
  { type: 'Enroll'; enrollment: PatientHmoEnrolled['data'] } | { type: 'EndEnrollment'; hospitalId: string };

export const enrollmentDecider: Decider<EnrollmentCommand, EnrollmentEvent, EnrollmentState> = {
  initialState: () => null,
  evolve: (_state, event) => (event.type === 'PatientHmoEnrolled' ? event.data : null),
  decide: (command, state) => {
    if (command.type === 'Enroll') {
      const e = command.enrollment;
      if (state && state.hmoId === e.hmoId && state.enrolleeNumber === e.enrolleeNumber) return [];
      return [{ type: 'PatientHmoEnrolled', data: e }];
    }
    if (!state || state.hospitalId !== command.hospitalId) return [];
    const { patientId, hospitalId, patientName, hmoId } = state;
    return [{ type: 'PatientHmoEnrollmentEnded', data: { patientId, hospitalId, patientName, hmoId } }];
  },
};

// ─── Claims
export type ClaimState = null | (ClaimSubmitted['data'] & { status: 'submitted' | 'paid' | 'part-paid' | 'rejected' });
export type ClaimCommand =
  | { type: 'SubmitClaim'; claim: Omit<ClaimSubmitted['data'], 'totalKobo'> }
  | { type: 'SettleClaim'; hospitalId: string; outcomes: ClaimItemOutcome[] };

/** What the HMO paid per item: unlisted items in full; a listed one at its amount, with a reason when short. */
export function outcomesOf(
  items: ClaimItem[],
  answers: { invoiceId: string; paidKobo: number; reason: string | null }[],
): ClaimItemOutcome[] {
  const byInvoice = new Map(answers.map((a) => [a.invoiceId, a]));
  for (const a of answers) {
    if (!items.some((i) => i.invoiceId === a.invoiceId)) {
      throw new BadRequest('Invoice is not in this claim', [
        { field: 'items', message: 'Invoice is not in this claim' },
      ]);
    }
  }
  return items.map((item) => {
    const a = byInvoice.get(item.invoiceId);
    const paidKobo = a ? Math.min(a.paidKobo, item.amountKobo) : item.amountKobo;
    const rejectedKobo = item.amountKobo - paidKobo;
    if (rejectedKobo > 0 && !a?.reason) {
      throw new BadRequest('A reason is required for a rejected or short-paid item', [
        { field: 'items', message: 'A reason is required for a rejected or short-paid item' },
      ]);
    }
    return { invoiceId: item.invoiceId, paidKobo, rejectedKobo, reason: rejectedKobo > 0 ? a!.reason : null };
  });
}

export const claimDecider: Decider<ClaimCommand, ClaimSubmitted | ClaimSettled, ClaimState> = {
  initialState: () => null,
  evolve: (state, event) =>
    event.type === 'ClaimSubmitted'
      ? { ...event.data, status: 'submitted' }
      : state && { ...state, status: event.data.status },
  decide: (command, state) => {
    if (command.type === 'SubmitClaim') {
      const totalKobo = command.claim.items.reduce((n, i) => n + i.amountKobo, 0);
      return [{ type: 'ClaimSubmitted', data: { ...command.claim, totalKobo } }];
    }
    if (!state || state.hospitalId !== command.hospitalId) throw new ClaimNotFound();
    if (state.status !== 'submitted') throw new ClaimAlreadySettled();
    const paidKobo = command.outcomes.reduce((n, o) => n + o.paidKobo, 0);
    const rejectedKobo = command.outcomes.reduce((n, o) => n + o.rejectedKobo, 0);
    const status = rejectedKobo === 0 ? 'paid' : paidKobo === 0 ? 'rejected' : 'part-paid';
    const { claimId, hospitalId, claimNumber: number } = state;
    return [
      {
        type: 'ClaimSettled',
        data: { claimId, hospitalId, claimNumber: number, items: command.outcomes, paidKobo, rejectedKobo, status },
      },
    ];
  },
};

export const claimCounterDecider: Decider<
  { type: 'IssueClaimNumber'; hospitalId: string; claimId: string },
  ClaimNumberIssued,
  { last: number }
> = {
  initialState: () => ({ last: 0 }),
  evolve: (_state, event) => ({ last: event.data.number }),
  decide: (command, state) => [
    {
      type: 'ClaimNumberIssued',
      data: { hospitalId: command.hospitalId, number: state.last + 1, claimId: command.claimId },
    },
  ],
};
