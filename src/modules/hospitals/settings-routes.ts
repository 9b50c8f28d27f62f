import { success } from '../../platform/http/envelope';
import { BadRequest } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { changeSettings } from './commands/change-settings';
import { HospitalNotFound } from './hospital';
import { parseLogo, type Logo } from './logo';
import { findSettings } from './read-models/settings';
import { SETTINGS_SAVED, settingsErrors } from './settings';
import { hospitalSettingsEndpoint, saveHospitalSettingsEndpoint } from '../../shared/api/hospitals';

const ADMIN_ONLY = 'Access denied. Admin role required.';

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
    hospitalSettingsEndpoint.path,
    {
      // A session still on its temporary password reads it too: the browser's idle time-out.
      config: { ...config, allowsPendingPasswordChange: true },
      // Every member of the hospital: the browser's idle time-out and the consultation fee come from here.
      onRequest: platform.auth(),
      schema: {
        tags,
        security,
        summary: "The caller's hospital: profile, logo, time zone, idle time-out, default fee",
        response: { 200: hospitalSettingsEndpoint.response },
      },
    },
    async (request) => success({ settings: await current(request.auth!.hospitalId) }),
  );

  app.put(
    saveHospitalSettingsEndpoint.path,
    {
      config,
      onRequest: platform.auth(['admin'], ADMIN_ONLY),
      schema: {
        tags,
        security,
        summary: 'Change the fields sent (the others stay); the onboarding format rules apply',
        body: saveHospitalSettingsEndpoint.body,
        response: { 200: saveHospitalSettingsEndpoint.response },
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
