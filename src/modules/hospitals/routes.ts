import { z } from 'zod';
import { onboarded, verifyEmailEndpoint } from '../../shared/api/hospitals';
import { settingsRoutes } from './settings-routes';
import { errorEnvelope, ok, okMessage } from '../../platform/http/envelope';
import type { HttpApp, Platform } from '../../platform/platform';
import { HospitalNotFound } from './hospital';
import { findHospital } from './read-models/directory';
import { resendCode } from './commands/registration-mail';
import { submitRegistration } from './commands/submit-registration';
import { verifyEmail } from './commands/verify-email';
import { bindRegistration } from './registration-cookie';

const CODE_SENT = 'Verification code sent to your email!';

// Per IP. Generous enough for a clinic behind one address, tight enough to stop code guessing
// (each code also allows only 5 tries). Mail to any one address is limited by the address, however
// many callers ask (applicant-mailbox.ts).
const REGISTER_LIMIT = { rateLimit: { max: 20, timeWindow: '1 minute' } };
const VERIFY_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };
const RESEND_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

const text = z.string().optional();
const registerBody = z.object({
  hospitalData: z
    .object({ name: text, registrationNumber: text, licenseNumber: text, hospitalNumber: text, email: text })
    .optional(),
  adminData: z
    .object({ fullName: text, jobTitle: text, email: text, password: text, confirmPassword: text })
    .optional(),
});

const errors = { 400: errorEnvelope, 409: errorEnvelope, 429: errorEnvelope, 503: errorEnvelope };

export function hospitalRoutes(app: HttpApp, platform: Platform, clock: () => Date) {
  app.post(
    '/hospital/register-with-verification',
    {
      config: REGISTER_LIMIT,
      schema: {
        tags: ['hospitals'],
        summary:
          'Register a hospital and its admin; emails a 6-digit code. The answer sets an HttpOnly cookie binding the browser to this registration: verify and resend act on it only',
        body: registerBody,
        response: { 200: ok(z.object({ email: z.string(), expiresInMinutes: z.number() })), ...errors },
      },
    },
    async (request, reply) => {
      const { email, registrationId } = await submitRegistration(platform, clock, request.body, request);
      bindRegistration(reply, registrationId, platform.config.publicUrl);
      return { success: true as const, message: CODE_SENT, data: { email, expiresInMinutes: 15 } };
    },
  );

  app.post(
    verifyEmailEndpoint.path,
    {
      config: VERIFY_LIMIT,
      schema: {
        tags: ['hospitals'],
        summary: "Verify the admin's email with the code; creates the hospital, the admin and a session",
        body: verifyEmailEndpoint.body,
        // token, admin and hospital also at the top level, where the onboarding client reads them (§7).
        response: { 200: verifyEmailEndpoint.response, ...errors },
      },
    },
    async (request) => {
      const result = await verifyEmail(platform, clock, request.body, request);
      return { success: true as const, message: 'Email verified successfully!', ...result, data: result };
    },
  );

  app.post(
    '/hospital/resend-verification',
    {
      config: RESEND_LIMIT,
      schema: {
        tags: ['hospitals'],
        summary: 'Send a new verification code (the old one stops working); one mail a minute per address',
        body: z.object({ email: text }),
        response: { 200: okMessage, ...errors },
      },
    },
    async (request) => {
      await resendCode(platform, clock, request.body.email, request);
      return { success: true as const, message: CODE_SENT };
    },
  );

  app.get(
    '/hospitals/:id',
    {
      onRequest: platform.auth(),
      schema: {
        tags: ['hospitals'],
        summary: "The caller's own hospital (any other id is not found)",
        security: [{ bearer: [] }],
        params: z.object({ id: z.string() }),
        response: {
          200: ok(z.object({ hospital: onboarded.shape.hospital.extend({ plan: z.string() }) })),
          401: errorEnvelope,
          404: errorEnvelope,
        },
      },
    },
    async (request) => {
      // The tenant comes from the token: another hospital's id is answered exactly like a missing one.
      if (request.params.id !== request.auth!.hospitalId) throw new HospitalNotFound();
      const hospital = await findHospital(platform.db, request.auth!.hospitalId);
      if (!hospital) throw new HospitalNotFound();
      return { success: true as const, data: { hospital } };
    },
  );

  settingsRoutes(app, platform, clock);
}
