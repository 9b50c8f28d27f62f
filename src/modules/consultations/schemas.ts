import { z } from 'zod';

// The consultation's body is the shared contract's (src/shared/api/consultation-inputs.ts).
export const toKobo = (naira: number) => Math.round(naira * 100);

/** One entry of the pharmacist's dispensation activity (GET /api/pharmacy/dispensations). */
export const dispensationSchema = z.object({
  id: z.string(),
  consultationId: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  prescribedBy: z.string(),
  dispensedBy: z.string(),
  dispensedAt: z.string(),
  status: z.enum(['Completed', 'Partially Dispensed']),
  medications: z.array(z.object({ name: z.string(), dosage: z.string().nullable(), quantity: z.number() })),
});
