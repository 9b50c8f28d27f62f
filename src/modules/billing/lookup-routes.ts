import { z } from 'zod';
import { listRead } from '../../platform/http/access-trail';
import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { lookupPatients } from '../patients';
import { BILLING_MODULE, BILLING_ONLY, BILLING_ROLES } from './roles';
import { billingPatientsEndpoint } from '../../shared/api/billing';

export const patientLookupQuery = z.object({
  search: z
    .string({ error: 'Search is required' })
    .trim()
    .min(2, 'Search must be at least 2 characters long')
    .max(100, 'Must be at most 100 characters long'),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

/**
 * The billing desk's patient lookup (issue 34 §2): the accountant may not read the patient list,
 * yet must pick the patient to enroll with an HMO. Name, hospital number, phone and date of birth,
 * nothing clinical; the read is audited like every list read (the patients shown, the search).
 */
export function lookupRoutes(app: HttpApp, platform: Platform) {
  app.get(
    billingPatientsEndpoint.path,
    {
      onRequest: platform.auth(BILLING_ROLES, BILLING_ONLY),
      config: { ...BILLING_MODULE, audit: listRead('patient', 'billing lookup') },
      schema: {
        tags: ['Billing'],
        security: [{ bearer: [] }],
        summary: 'Find a patient to bill or enroll: name, hospital number, phone, date of birth (nothing clinical)',
        querystring: patientLookupQuery,
        response: { 200: billingPatientsEndpoint.response },
      },
    },
    async (request) => {
      const { search, limit } = request.query;
      return success({ patients: await lookupPatients(platform.db, request.auth!.hospitalId, search, limit) });
    },
  );
}
