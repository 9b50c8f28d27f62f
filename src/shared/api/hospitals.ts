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
