import { downloadFile } from '../../../lib/download-file';
import { fetchData, type ContractEndpoint, type EndpointCall } from '../../../lib/endpoint-client';
import type { z } from '../../../lib/zod';
import {
  billingPatientsEndpoint,
  claimsEndpoint,
  createHmoEndpoint,
  endEnrollmentEndpoint,
  enrollEndpoint,
  enrollmentEndpoint,
  hmosEndpoint,
  outstandingEndpoint,
  settleClaimEndpoint,
  submitClaimEndpoint,
  updateHmoEndpoint,
  type claimAnswer,
  type enrollmentAnswer,
  type hmoAnswer,
} from '../../../../shared/api/billing';
import { billingError } from './billing-schemas';

/** The answers are the shared contract's (src/shared/api/billing.ts); a listed HMO also counts its enrollees. */
export type Hmo = z.infer<typeof hmoAnswer> & { enrollees?: number };
export type HmoInput = {
  name: string;
  code: string;
  contact: string;
  coverage: { consultation: string; medication: string; lab: string };
  active: boolean;
};

export type Enrollment = z.infer<typeof enrollmentAnswer>;

export type Claim = z.infer<typeof claimAnswer>;

export type Outstanding = z.infer<typeof outstandingEndpoint.data>;
/** A row of the aging table, or its totals (which name no one and count no invoices). */
export type AgingRow = Omit<Outstanding['rows'][number], 'invoices'> & { invoices?: number };

type CallOf<E extends ContractEndpoint> = EndpointCall & { endpoint: E };

/** Calls one endpoint of the billing contract; a failure reads the server's message, else `fallback`. */
async function call<E extends ContractEndpoint>(fallback: string, { endpoint, ...call }: CallOf<E>) {
  try {
    return await fetchData(endpoint, call);
  } catch (e) {
    throw billingError(e, fallback);
  }
}

export const listHmos = (signal?: AbortSignal) => call('Failed to fetch HMOs', { endpoint: hmosEndpoint, signal });

/** POST a new provider, or PUT an edit of `id`. */
export const saveHmo = (input: HmoInput, id?: string) => {
  const json = { ...input, contact: input.contact.trim() || null };
  return id
    ? call('Failed to save HMO', { endpoint: updateHmoEndpoint, params: { id }, json })
    : call('Failed to save HMO', { endpoint: createHmoEndpoint, json });
};

export const getEnrollment = (patientId: string, signal?: AbortSignal) =>
  call('Failed to fetch enrollment', { endpoint: enrollmentEndpoint, params: { id: patientId }, signal });
export const enroll = (patientId: string, body: { hmoId: string; enrolleeNumber: string }) =>
  call('Failed to enroll patient', { endpoint: enrollEndpoint, params: { id: patientId }, json: body });
export const endEnrollment = (patientId: string) =>
  call('Failed to end enrollment', { endpoint: endEnrollmentEndpoint, params: { id: patientId } });

export const listClaims = (signal?: AbortSignal) =>
  call('Failed to fetch claims', { endpoint: claimsEndpoint, signal });
export const submitClaim = (hmoId: string, month: string) =>
  call('Failed to submit claim', { endpoint: submitClaimEndpoint, json: { hmoId, month } });
/** The HMO's answer: items not listed paid in full; a rejected item paid 0 with its reason. */
export const settleClaim = (id: string, items: { invoiceId: string; paid: string; reason: string }[]) =>
  call('Failed to settle claim', { endpoint: settleClaimEndpoint, params: { id }, json: { items } });

export const getOutstanding = (by: 'patient' | 'hmo', signal?: AbortSignal) =>
  call('Failed to fetch outstanding balances', { endpoint: outstandingEndpoint, searchParams: { by }, signal });

/** Downloads the claim's CSV (with the session's token) as a file. */
export async function downloadClaimCsv(claim: Claim) {
  try {
    await downloadFile(
      `/billing/claims/${encodeURIComponent(claim.id)}/csv`,
      `${claim.claimNumber}-${claim.month}.csv`,
    );
  } catch (e) {
    throw billingError(e, 'Failed to download claim');
  }
}

export type PatientHit = z.infer<typeof billingPatientsEndpoint.data>['patients'][number];
/** GET /api/billing/patients?search=: the billing desk's lookup (nothing clinical), the first five matches. */
export const findPatients = (search: string, signal?: AbortSignal) =>
  call('Failed to fetch patients', { endpoint: billingPatientsEndpoint, searchParams: { limit: 5, search }, signal });
