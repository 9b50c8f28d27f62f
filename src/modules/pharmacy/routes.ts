import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import {
  addMedicationEndpoint,
  adjustStockEndpoint,
  expiringSoonEndpoint,
  medicationGroupsEndpoint,
  medicationsEndpoint,
  receiveStockEndpoint,
} from '../../shared/api/pharmacy';
import { hospitalToday } from '../hospitals';
import {
  EXPIRING_SOON_DAYS,
  listExpiringSoon,
  listMedicationGroups,
  listMedications,
} from './read-models/medication-stock';
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

  app.get(
    medicationsEndpoint.path,
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The medication inventory, searched and filtered',
        querystring: medicationsEndpoint.query,
        response: { 200: medicationsEndpoint.response },
      },
    },
    async (request) => {
      const { hospitalId } = request.auth!;
      const today = await hospitalToday(platform.db, hospitalId);
      return success(await listMedications(platform.db, hospitalId, today, request.query.search));
    },
  );

  app.get(
    expiringSoonEndpoint.path,
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: `Batches with stock expiring within \`days\` (default ${EXPIRING_SOON_DAYS}), soonest first`,
        querystring: expiringSoonEndpoint.query,
        response: { 200: expiringSoonEndpoint.response },
      },
    },
    async (request) => {
      const { days } = request.query;
      const today = await hospitalToday(platform.db, request.auth!.hospitalId);
      return success({ days, medications: await listExpiringSoon(platform.db, request.auth!.hospitalId, today, days) });
    },
  );

  app.get(
    medicationGroupsEndpoint.path,
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Batches grouped by medication name, with total stock and status',
        response: { 200: medicationGroupsEndpoint.response },
      },
    },
    async (request) => success({ groups: await listMedicationGroups(platform.db, request.auth!.hospitalId) }),
  );

  app.post(
    addMedicationEndpoint.path,
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canKeep,
      schema: {
        tags,
        security,
        summary: 'Add a batch of a medication to stock',
        body: addMedicationEndpoint.body,
        response: { 201: addMedicationEndpoint.response },
      },
    },
    async (request, reply) => {
      const { quantity, ...details } = request.body;
      const medication = await stockMedication(platform, platform.metadataFor(request), details, quantity);
      return reply.code(201).send(success({ medication }, 'Medication added successfully!'));
    },
  );

  app.post(
    receiveStockEndpoint.path,
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canKeep,
      schema: {
        tags,
        security,
        summary: 'Receive stock into a batch',
        params: receiveStockEndpoint.params,
        body: receiveStockEndpoint.body,
        response: { 201: receiveStockEndpoint.response },
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
    adjustStockEndpoint.path,
    {
      config: { accessModule: 'pharmacy' },
      onRequest: canKeep,
      schema: {
        tags,
        security,
        summary: 'Correct a batch by a signed quantity, with a reason',
        params: adjustStockEndpoint.params,
        body: adjustStockEndpoint.body,
        response: { 201: adjustStockEndpoint.response },
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
