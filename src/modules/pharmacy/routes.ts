import { z } from 'zod';
import { ok, success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { hospitalToday } from '../hospitals';
import {
  EXPIRING_SOON_DAYS,
  listExpiringSoon,
  listMedicationGroups,
  listMedications,
} from './read-models/medication-stock';
import {
  adjustmentBody,
  createMedicationBody,
  inventorySchema,
  listMedicationsQuery,
  medicationGroupSchema,
  medicationIdParams,
  medicationSchema,
  receiptBody,
} from './schemas';
import { adjustStock, receiveStock, stockMedication } from './stock';

/** The pharmacy's stock: pharmacists (and the admin) keep it; the doctor may look (spec-2 §6 Pharmacy). */
const VIEW_ROLES = ['admin', 'pharmacist', 'doctor'] as const;
const KEEP_ROLES = ['admin', 'pharmacist'] as const;
const denied = (what: string) => `Access denied. You do not have permission to ${what}.`;

export function pharmacyRoutes(app: HttpApp, platform: Platform) {
  const canView = platform.auth(VIEW_ROLES, denied('view the inventory'));
  const canKeep = platform.auth(KEEP_ROLES, denied('manage the inventory'));
  const security = [{ bearer: [] }];
  const tags = ['Pharmacy'];
  const answer = ok(z.object({ medication: medicationSchema }));

  app.get(
    '/inventory/medications',
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The medication inventory, searched and filtered',
        querystring: listMedicationsQuery,
        response: { 200: ok(inventorySchema) },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      const today = await hospitalToday(platform.db, hospitalId);
      return success(await listMedications(platform.db, hospitalId, today, request.query.search));
    },
  );

  app.get(
    '/inventory/medications/expiring-soon',
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: `Batches with stock expiring within \`days\` (default ${EXPIRING_SOON_DAYS}), soonest first`,
        querystring: z.object({
          days: z.coerce
            .number()
            .int('days must be a whole number')
            .min(1, 'days must be at least 1')
            .max(3650, 'days must be at most 3650')
            .default(EXPIRING_SOON_DAYS),
        }),
        response: { 200: ok(z.object({ days: z.number(), medications: z.array(medicationSchema) })) },
      },
    },
    async (request) => {
      const { days } = request.query;
      const today = await hospitalToday(platform.db, request.auth!.hospitalId);
      return success({ days, medications: await listExpiringSoon(platform.db, request.auth!.hospitalId, today, days) });
    },
  );

  app.get(
    '/inventory/medications/groups',
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Batches grouped by medication name, with total stock and status',
        response: { 200: ok(z.object({ groups: z.array(medicationGroupSchema) })) },
      },
    },
    async (request) => success({ groups: await listMedicationGroups(platform.db, request.auth!.hospitalId) }),
  );

  app.post(
    '/inventory/medications',
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canKeep,
      schema: {
        tags,
        security,
        summary: 'Add a batch of a medication to stock',
        body: createMedicationBody,
        response: { 201: answer },
      },
    },
    async (request, reply) => {
      const { quantity, ...details } = request.body;
      const medication = await stockMedication(platform, platform.metadataFor(request), details, quantity);
      return reply.code(201).send(success({ medication }, 'Medication added successfully!'));
    },
  );

  app.post(
    '/inventory/medications/:id/receipts',
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canKeep,
      schema: {
        tags,
        security,
        summary: 'Receive stock into a batch',
        params: medicationIdParams,
        body: receiptBody,
        response: { 201: answer },
      },
    },
    async (request, reply) => {
      const { quantity, reason } = request.body;
      const medication = await receiveStock(
        platform,
        platform.metadataFor(request),
        request.params.id,
        quantity,
        reason,
      );
      return reply.code(201).send(success({ medication }, 'Stock received successfully!'));
    },
  );

  app.post(
    '/inventory/medications/:id/adjustments',
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canKeep,
      schema: {
        tags,
        security,
        summary: 'Correct a batch by a signed quantity, with a reason',
        params: medicationIdParams,
        body: adjustmentBody,
        response: { 201: answer },
      },
    },
    async (request, reply) => {
      const { quantity, reason } = request.body;
      const medication = await adjustStock(
        platform,
        platform.metadataFor(request),
        request.params.id,
        quantity,
        reason,
      );
      return reply.code(201).send(success({ medication }, 'Stock adjusted successfully!'));
    },
  );
}
