import { NotFound } from '../../platform/http/errors';
import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { LAB_TEST_CATALOGUE } from '../../shared/lab-tests';
import {
  labCatalogueEndpoint,
  medicationPricesEndpoint,
  setLabTestPriceEndpoint,
  setMedicationPriceEndpoint,
} from '../../shared/api/prices';
import { changePrices } from './commands/prices';
import { labTestPriceBody, medicationPriceBody } from './price-schemas';
import { priceKey } from './read-models/price-rows';
import { priceList } from './read-models/prices';

/**
 * Prices where the stock and the catalogue are kept (issue 34 §1). The pharmacist prices the
 * medications they stock (Add Medication, the inventory) and the lab prices the tests of its
 * catalogue, as a hospital expects of those who keep them; the admin may do both; the accountant
 * and the admin keep the whole Price list (price-routes.ts). Nobody else sets a price: a lab
 * technician cannot price a drug nor a pharmacist a test. Each change is a PriceSet whose metadata
 * names who made it, and the audit log says which price changed from what to what.
 */
const MEDICATION_VIEWERS = ['admin', 'pharmacist', 'doctor'] as const;
const MEDICATION_PRICERS = ['admin', 'pharmacist'] as const;
const LAB_VIEWERS = ['admin', 'lab_technician', 'doctor'] as const;
const LAB_PRICERS = ['admin', 'lab_technician'] as const;
const denied = (what: string) => `Access denied. You do not have permission to ${what}.`;
const PHARMACY = { accessModule: 'pharmacy' } as const;
const LABORATORY = { accessModule: 'laboratory' } as const;

export function stockPriceRoutes(app: HttpApp, platform: Platform) {
  const security = [{ bearer: [] }];
  const saidOf = (changed: number) => (changed ? 'Price saved' : 'Price unchanged');

  app.get(
    medicationPricesEndpoint.path,
    {
      onRequest: platform.auth(MEDICATION_VIEWERS, denied('view medication prices')),
      config: PHARMACY,
      schema: {
        tags: ['Pharmacy'],
        security,
        summary: 'Each medication of the formulary with its price in kobo (null: none yet)',
        response: { 200: medicationPricesEndpoint.response },
      },
    },
    async (request) => {
      const items = await priceList(platform.db, request.auth!.hospitalId);
      const medications = items
        .filter((i) => i.kind === 'medication')
        .map(({ key, name, priceKobo }) => ({ key, name, priceKobo }));
      return success({ medications });
    },
  );

  app.put(
    setMedicationPriceEndpoint.path,
    {
      onRequest: platform.auth(MEDICATION_PRICERS, denied('set medication prices')),
      config: PHARMACY,
      schema: {
        tags: ['Pharmacy'],
        security,
        summary: "Set a medication's price by its name (naira); a change is an event the audit log names",
        body: medicationPriceBody,
        response: { 200: setMedicationPriceEndpoint.response },
      },
    },
    async (request) => {
      const { name, price } = request.body;
      const key = priceKey('medication', name);
      const changed = await changePrices(platform, platform.metadataFor(request), [
        { kind: 'medication', key, name, priceKobo: price },
      ]);
      return success({ medication: { key, name, priceKobo: price }, changed: changed > 0 }, saidOf(changed));
    },
  );

  app.get(
    labCatalogueEndpoint.path,
    {
      onRequest: platform.auth(LAB_VIEWERS, denied('view the lab catalogue')),
      config: LABORATORY,
      schema: {
        tags: ['Laboratory'],
        security,
        summary: 'The lab tests of the catalogue, each with its price in kobo (null: none yet)',
        response: { 200: labCatalogueEndpoint.response },
      },
    },
    async (request) => {
      const items = await priceList(platform.db, request.auth!.hospitalId);
      const tests = items
        .filter((i) => i.kind === 'lab' && LAB_TEST_CATALOGUE.some((t) => t.code === i.key))
        .map(({ key, name, priceKobo }) => ({ code: key, name, priceKobo }));
      return success({ tests });
    },
  );

  app.put(
    setLabTestPriceEndpoint.path,
    {
      onRequest: platform.auth(LAB_PRICERS, denied('set lab test prices')),
      config: LABORATORY,
      schema: {
        tags: ['Laboratory'],
        security,
        summary: "Set a lab test's price by its code (naira); a change is an event the audit log names",
        params: setLabTestPriceEndpoint.params,
        body: labTestPriceBody,
        response: { 200: setLabTestPriceEndpoint.response },
      },
    },
    async (request) => {
      const code = request.params.code.toUpperCase();
      const test = LAB_TEST_CATALOGUE.find((t) => t.code === code);
      if (!test) throw new NotFound(`${request.params.code} is not a lab test of the catalogue`);
      const { price } = request.body;
      const changed = await changePrices(platform, platform.metadataFor(request), [
        { kind: 'lab', key: test.code, name: test.name, priceKobo: price },
      ]);
      const answer = { test: { code: test.code, name: test.name, priceKobo: price }, changed: changed > 0 };
      return success(answer, saidOf(changed));
    },
  );
}
