import { ApiError, request, type FieldError } from '../../../lib/api-client';
import type { AdminAccount, HospitalDetails } from '../validation';

export const REGISTRATION_FAILED = 'Registration failed';

export type RegistrationFailure = {
  message: string;
  /** Per-field messages keyed by the server's path, e.g. 'hospitalData.hospitalNumber'. */
  fieldErrors: FieldError[];
};

/**
 * POST /api/hospital/register-with-verification (product-spec-1 §7). The server emails the
 * verification code; failures carry the §8 message (409, 503, 400 with per-field errors).
 */
export async function registerHospital(hospitalData: HospitalDetails, adminData: AdminAccount): Promise<string> {
  const body = await request<{ message?: string }>('hospital/register-with-verification', {
    method: 'post',
    json: {
      hospitalData: {
        name: hospitalData.name.trim(),
        email: hospitalData.email.trim(),
        licenseNumber: hospitalData.licenseNumber.trim().toUpperCase(),
        registrationNumber: hospitalData.registrationNumber.trim().toUpperCase(),
        hospitalNumber: hospitalData.hospitalNumber.trim().toUpperCase(),
      },
      adminData: {
        ...adminData,
        fullName: adminData.fullName.trim(),
        jobTitle: adminData.jobTitle.trim(),
        email: adminData.email.trim(),
      },
    },
    fallback: REGISTRATION_FAILED,
  });
  return body.message ?? '';
}

export function registrationFailure(error: unknown): RegistrationFailure {
  if (error instanceof ApiError) return { message: error.message || REGISTRATION_FAILED, fieldErrors: error.errors };
  return { message: REGISTRATION_FAILED, fieldErrors: [] };
}
