import { z } from 'zod';
import { endpoint } from './endpoint';

/** The hospital's settings (GET/PUT /api/hospital/settings), declared once for the routes and the browser. */
export const hospitalSettings = z.object({
  name: z.string(),
  email: z.string(),
  registrationNumber: z.string(),
  licenseNumber: z.string(),
  hospitalNumber: z.string(),
  hospitalCode: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  timeZone: z.string(),
  idleTimeoutMinutes: z.number(),
  defaultConsultationFee: z.number(),
  logo: z.string().nullable(),
  plan: z.string(),
  opensAt: z.string(),
  closesAt: z.string(),
});

const number = z.union([z.number(), z.string().trim().min(1).transform(Number)]);

/** The fields sent change, the others stay; the onboarding format rules apply on the server. */
export const saveSettingsBody = z.object({
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
  registrationNumber: z.string().max(100).optional(),
  licenseNumber: z.string().max(100).optional(),
  hospitalNumber: z.string().max(100).optional(),
  address: z.string().max(1000).nullish(),
  phone: z.string().max(100).nullish(),
  timeZone: z.string().max(100).optional(),
  idleTimeoutMinutes: number.optional(),
  defaultConsultationFee: number.optional(),
  opensAt: z.string().max(10).optional(),
  closesAt: z.string().max(10).optional(),
  /** A PNG, JPEG or WebP data URL up to 64 KB; null removes the logo. */
  logo: z.string().max(100_000).nullish(),
});

export const hospitalSettingsEndpoint = endpoint({
  method: 'GET',
  path: '/hospital/settings',
  data: z.object({ settings: hospitalSettings }),
});

export const saveHospitalSettingsEndpoint = endpoint({
  method: 'PUT',
  path: '/hospital/settings',
  body: saveSettingsBody,
  data: z.object({ settings: hospitalSettings }),
});

/** The hospital and its admin as email verification creates them, with the admin's first session. */
export const onboarded = z.object({
  token: z.string(),
  admin: z.object({ id: z.string(), name: z.string(), email: z.string(), jobTitle: z.string() }),
  hospital: z.object({
    id: z.string(),
    hospitalId: z.string().describe('The human-facing Hospital ID, e.g. HMS-7K3QX9MD'),
    name: z.string(),
    status: z.string(),
    setupStatus: z.string(),
  }),
});

/**
 * POST /hospital/verify-email: the code checked, the hospital and its admin created. The answer carries
 * `token`, `admin` and `hospital` under `data` and again at the top level (product-spec-1 §7's client
 * reads them there).
 */
export const verifyEmailEndpoint = {
  method: 'POST',
  path: '/hospital/verify-email',
  body: z.object({ email: z.string().optional(), token: z.string().optional() }),
  data: onboarded,
  response: onboarded.extend({ success: z.literal(true), message: z.string(), data: onboarded }),
} as const;
