import { success } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { afterInvoicing } from './commands/after-invoicing';
import { priceInvoiceLine, setPrices } from './commands/prices';
import { linePriceBody, setPricesBody } from './price-schemas';
import { priceList, unpricedCounts } from './read-models/prices';
import { BILLING_MODULE, BILLING_ONLY, BILLING_ROLES } from './roles';
import { priceInvoiceLineEndpoint, priceListEndpoint, setPricesEndpoint } from '../../shared/api/billing';

/**
 * The Price list (issue 34 §1) for the admin and the accountant: lab tests of the catalogue,
 * medications of the formulary and other services, each with its price; set one by one or many at
 * once (a CSV import), every change an event. And a ₦0 invoice line priced on the invoice.
 */
export function priceRoutes(app: HttpApp, platform: Platform) {
  const billing = platform.auth(BILLING_ROLES, BILLING_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Billing'];
  const answer = async (hospitalId: string) => {
    const items = await priceList(platform.db, hospitalId);
    return { items, unpriced: unpricedCounts(items) };
  };

  app.get(
    priceListEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'Every lab test, formulary medication and service with its price in kobo (null: none yet)',
        response: { 200: priceListEndpoint.response },
      },
    },
    async (request) => success(await answer(request.auth!.hospitalId)),
  );

  app.put(
    setPricesEndpoint.path,
    {
      onRequest: billing,
      config: BILLING_MODULE,
      schema: {
        tags,
        security,
        summary: 'Set prices (naira): one item from the screen or many from a CSV; each change is an event',
        body: setPricesBody,
        response: { 200: setPricesEndpoint.response },
      },
    },
    async (request) => {
      const { changed } = await setPrices(platform, platform.metadataFor(request), request.body.items);
      const list = await answer(request.auth!.hospitalId);
      const message = changed === 1 ? 'Price saved' : `${changed} prices saved`;
      return success({ ...list, changed }, message);
    },
  );

  app.post(
    priceInvoiceLineEndpoint.path,
    {
      onRequest: billing,
      config: { ...BILLING_MODULE, audit: { subject: 'invoice', idParam: 'id', what: 'invoice', reads: false } },
      schema: {
        tags,
        security,
        summary: 'Price a ₦0 line of the invoice (naira); a line with a price is refused (409)',
        params: priceInvoiceLineEndpoint.params,
        body: linePriceBody,
        response: { 200: priceInvoiceLineEndpoint.response },
      },
    },
    async (request) => {
      const { id, lineId } = request.params;
      const invoice = await afterInvoicing(platform, () =>
        priceInvoiceLine(platform, platform.metadataFor(request), id, lineId, request.body.unitPrice),
      );
      return success({ invoice }, 'Line priced');
    },
  );
}
