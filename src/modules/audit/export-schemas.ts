import { z } from 'zod';

/**
 * The two answers of GET /api/patients/{id}/export, as the OpenAPI document describes them. The
 * route sends its body as a string, so these describe the answer and never reshape it.
 */
const entryOf = z.record(z.string(), z.unknown());

/** format=json: the record, its changes and the trail of who saw it (export.ts `jsonExport`). */
export const jsonExportSchema = z
  .object({
    exportedAt: z.string().meta({ format: 'date-time' }),
    format: z.literal('hms-patient-export/1'),
    patient: z.object({ id: z.string(), deleted: z.boolean() }).loose(),
    vitals: z.array(entryOf),
    statusChanges: z.array(entryOf),
    edits: z.array(entryOf),
    clinical: z.array(z.object({ time: z.string(), type: z.string(), data: z.unknown() }).loose()),
    auditTrail: z.array(entryOf),
  })
  .loose();

/**
 * format=fhir: an R4 Bundle (https://hl7.org/fhir/R4/bundle.html). Only the Bundle's frame is
 * described here; each entry's resource is a FHIR R4 resource named by its `resourceType`.
 */
export const fhirBundleSchema = z
  .object({
    resourceType: z.literal('Bundle'),
    id: z.string().optional(),
    type: z.enum([
      'document',
      'message',
      'transaction',
      'transaction-response',
      'batch',
      'batch-response',
      'history',
      'searchset',
      'collection',
    ]),
    timestamp: z.string().optional(),
    entry: z.array(
      z
        .object({
          fullUrl: z.string().optional(),
          resource: z.object({ resourceType: z.string(), id: z.string().optional() }).loose(),
          request: z.object({ method: z.string(), url: z.string() }).loose().optional(),
        })
        .loose(),
    ),
  })
  .loose();

export const patientExportAnswer = {
  description: 'The export: JSON by default, an R4 Bundle (application/fhir+json) with format=fhir',
  content: {
    'application/json': { schema: jsonExportSchema },
    'application/fhir+json': { schema: fhirBundleSchema },
  },
};
