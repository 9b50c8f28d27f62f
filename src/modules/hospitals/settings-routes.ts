import { z } from 'zod';
import { ok, success } from '../../platform/http/envelope';
import { BadRequest } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { changeSettings } from './commands/change-settings';
import { HospitalNotFound } from './hospital';
import { parseLogo, type Logo } from './logo';
import { findSettings } from './read-models/settings';
import { SETTINGS_SAVED, settingsErrors } from './settings';

const ADMIN_ONLY = 'Access denied. Admin role required.';

const settingsSchema = z.object({
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
const saveBody = z.object({
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

export function settingsRoutes(app: HttpApp, platform: Platform, clock: () => Date) {
  const security = [{ bearer: [] }];
  const tags = ['hospitals'];
  const config = { audit: { subject: 'hospital', what: 'settings', reads: false } };

  const current = async (hospitalId: string) => {
    const settings = await findSettings(platform.db, hospitalId);
    if (!settings) throw new HospitalNotFound();
    return settings;
  };

  app.get(
    '/hospital/settings',
    {
      // A session still on its temporary password reads it too: the browser's idle time-out.
      config: { ...config, allowsPendingPasswordChange: true },
      // Every member of the hospital: the browser's idle time-out and the consultation fee come from here.
      onRequest: platform.auth(),
      schema: {
        tags,
        security,
        summary: "The caller's hospital: profile, logo, time zone, idle time-out, default fee",
        response: { 200: ok(z.object({ settings: settingsSchema })) },
      },
    },
    async (request) => success({ settings: await current(request.auth!.hospitalId) }),
  );

  app.put(
    '/hospital/settings',
    {
      config,
      onRequest: platform.auth(['admin'], ADMIN_ONLY),
      schema: {
        tags,
        security,
        summary: 'Change the fields sent (the others stay); the onboarding format rules apply',
        body: saveBody,
        response: { 200: ok(z.object({ settings: settingsSchema })) },
      },
    },
    async (request) => {
      const { logo: rawLogo, ...input } = request.body;
      const errors = settingsErrors(input, clock(), await current(request.auth!.hospitalId));
      let logo: Logo | null | undefined = rawLogo === undefined ? undefined : null;
      if (typeof rawLogo === 'string') {
        const parsed = parseLogo(rawLogo);
        if ('error' in parsed) errors.push({ field: 'logo', message: parsed.error });
        else logo = parsed;
      }
      if (errors.length > 0) throw new BadRequest(errors[0]!.message, errors);
      await changeSettings(platform, platform.metadataFor(request), input, logo);
      return success({ settings: await current(request.auth!.hospitalId) }, SETTINGS_SAVED);
    },
  );
}
