import { z } from 'zod';
import { defineEvent, type EventMap } from '../../platform/event-store/contracts';
import { LAB_URGENCIES } from '../../shared/lab-tests';
import { labResults, labValue } from '../../shared/lab-results';

/** Lab work, stream `lab-request-<labRequestId>`: one request per test ordered in a consultation. */
// The catalogue (product-spec-2 §9) and urgencies live in src/shared: the consultation form offers the same list.
export { LAB_TEST_CATALOGUE, LAB_URGENCIES } from '../../shared/lab-tests';

const person = z.object({ id: z.string(), name: z.string() });
export { labResults, labValue };

/** Who the request is for and who ordered it travel with every event, for the notifier. */
const context = {
  labRequestId: z.string(),
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  orderedBy: person,
  testName: z.string(),
  testCode: z.string(),
  urgency: z.enum(LAB_URGENCIES),
};

export const labRequestOrdered = defineEvent(
  'LabRequestOrdered',
  z.object({ ...context, hospitalId: z.string(), instructions: z.string().nullable() }),
);

export const labTestStarted = defineEvent('LabTestStarted', z.object(context));

export const labResultsRecorded = defineEvent(
  'LabResultsRecorded',
  z.object({ ...context, results: labResults, notes: z.string().nullable(), conductedBy: z.string() }),
);

/**
 * Results of one of a consultation's tests came in, on stream `lab-results-<consultationId>`: the
 * point where concurrent results of the same consultation meet. Each results commit appends one,
 * so two technicians sending the last two results at once cannot both commit having seen the
 * other's test still open: the later append fails on its revision and is decided again, and then
 * moves the patient to 'test complete' in its own commit. It rides with the results in the trail.
 */
export const labResultsTallied = defineEvent(
  'LabResultsTallied',
  z.object({ consultationId: z.string(), labRequestId: z.string() }),
);

export const laboratoryContracts = [labRequestOrdered, labTestStarted, labResultsRecorded, labResultsTallied] as const;

/** The module's events by type name: `LaboratoryEvents['LabRequestOrdered']`. */
export type LaboratoryEvents = EventMap<typeof laboratoryContracts>;
export type LabRequestOrdered = LaboratoryEvents['LabRequestOrdered'];
export type LabTestStarted = LaboratoryEvents['LabTestStarted'];
export type LabResultsRecorded = LaboratoryEvents['LabResultsRecorded'];
export type LabResultsTallied = LaboratoryEvents['LabResultsTallied'];
export type LabRequestEvent = LaboratoryEvents['LabRequestOrdered' | 'LabTestStarted' | 'LabResultsRecorded'];
export type LabUrgency = (typeof LAB_URGENCIES)[number];
export type LabResults = z.infer<typeof labResults>;
export type LabValue = z.infer<typeof labValue>;
