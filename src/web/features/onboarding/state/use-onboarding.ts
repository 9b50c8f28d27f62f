import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../app/paths';
import type { FieldError } from '../../../lib/api-client';
import { useSignIn } from '../../../lib/auth-actions';
import { markFirstLogin } from '../../../lib/password-change-flags';
import { clearTokens, writeToken } from '../../../lib/session-storage';
import { registerHospital, registrationFailure } from '../api/register';
import { resendVerification, verifyEmail, type Verified } from '../api/verify-email';
import {
  adminErrors,
  hospitalErrors,
  verificationCodeError,
  type AdminAccount,
  type FieldErrors,
  type HospitalDetails,
} from '../validation';
import { clearHospitalDraft, loadHospitalDraft, saveHospitalDraft } from './hospital-draft';

export type Step = 1 | 2 | 3 | 4;

/** product-spec-1 §9: the simulated wait after step 1. */
export const SAVE_DELAY_MS = 1000;

export const MESSAGES = {
  saved: 'Hospital details saved!',
  codeSent: 'Verification code sent to your email!',
  verified: 'Email verified successfully!',
  welcome: 'Welcome to HMS!',
} as const;

const EMPTY_ADMIN: AdminAccount = { fullName: '', jobTitle: '', email: '', password: '', confirmPassword: '' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Splits the server's 'hospitalData.x' / 'adminData.x' field errors between the two steps. */
export function splitFieldErrors(errors: FieldError[]) {
  const hospital: Record<string, string> = {};
  const admin: Record<string, string> = {};
  for (const { field, message } of errors) {
    const [group, name] = field.split('.');
    if (!name) continue;
    if (group === 'hospitalData') hospital[name] ??= message;
    if (group === 'adminData') admin[name] ??= message;
  }
  return { hospital: hospital as FieldErrors<HospitalDetails>, admin: admin as FieldErrors<AdminAccount> };
}

/** The wizard's state and its transitions (product-spec-1 §4 "Onboarding"). */
export function useOnboarding() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [step, setStep] = useState<Step>(1);
  const [hospital, setHospital] = useState<HospitalDetails>(loadHospitalDraft);
  const [admin, setAdmin] = useState<AdminAccount>(EMPTY_ADMIN);
  const [hospitalErrs, setHospitalErrs] = useState<FieldErrors<HospitalDetails>>({});
  const [adminErrs, setAdminErrs] = useState<FieldErrors<AdminAccount>>({});
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'saving' | 'registering' | 'verifying' | 'resending'>(null);
  const [verified, setVerified] = useState<Verified | null>(null);

  const go = (next: Step) => {
    setAlert(null);
    setStep(next);
  };

  const editHospital = (field: keyof HospitalDetails, value: string) => {
    setHospital((h) => ({ ...h, [field]: value }));
    setHospitalErrs((e) => ({ ...e, [field]: undefined }));
  };

  const editAdmin = (field: keyof AdminAccount, value: string) => {
    setAdmin((a) => ({ ...a, [field]: value }));
    setAdminErrs((e) => ({ ...e, [field]: undefined }));
  };

  const editCode = (value: string) => {
    setCode(value.replace(/\D/g, '').slice(0, 6));
    setCodeError(null);
  };

  /** Step 1 → 2: validate, keep the details, then the 1-second save of §4. */
  const saveHospital = async (): Promise<boolean> => {
    const errs = hospitalErrors(hospital);
    setHospitalErrs(errs);
    if (Object.keys(errs).length > 0) return false;
    setBusy('saving');
    saveHospitalDraft(hospital);
    await sleep(SAVE_DELAY_MS);
    setBusy(null);
    toast.success(MESSAGES.saved);
    go(2);
    return true;
  };

  /** Step 2 → 3: the registration call, which emails the code. */
  const register = async (): Promise<boolean> => {
    const errs = adminErrors(admin);
    setAdminErrs(errs);
    if (Object.keys(errs).length > 0) return false;
    setBusy('registering');
    setAlert(null);
    try {
      await registerHospital(hospital, admin);
      toast.success(MESSAGES.codeSent);
      setCode('');
      go(3);
      return true;
    } catch (error) {
      const failure = registrationFailure(error);
      const fields = splitFieldErrors(failure.fieldErrors);
      setHospitalErrs(fields.hospital);
      setAdminErrs(fields.admin);
      // A hospital field the server refused is on step 1: show it there, next to its field.
      if (Object.keys(fields.hospital).length > 0 && Object.keys(fields.admin).length === 0) setStep(1);
      setAlert(failure.message);
      return false;
    } finally {
      setBusy(null);
    }
  };

  /** Step 3 → 4: the admin's session starts (token stored) but is published only by Access Dashboard. */
  const verify = async (): Promise<boolean> => {
    const problem = verificationCodeError(code);
    setCodeError(problem);
    if (problem) return false;
    setBusy('verifying');
    setAlert(null);
    try {
      const answer = await verifyEmail(admin.email, code);
      clearTokens();
      writeToken('admin', answer.token);
      markFirstLogin(answer.user.id);
      clearHospitalDraft();
      // The passwords have done their job; do not keep them in memory.
      setAdmin((a) => ({ ...a, password: '', confirmPassword: '' }));
      setVerified(answer);
      toast.success(MESSAGES.verified);
      go(4);
      return true;
    } catch (error) {
      setAlert((error as Error).message);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy('resending');
    setAlert(null);
    try {
      await resendVerification(admin.email);
      setCode('');
      toast.success(MESSAGES.codeSent);
    } catch (error) {
      setAlert((error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const accessDashboard = () => {
    if (!verified) return;
    signIn('admin', verified.token, verified.user, { firstLogin: true });
    toast.success(MESSAGES.welcome);
    navigate(paths.admin.dashboard, { replace: true });
  };

  const back = () => go(step === 3 ? 2 : 1);

  return {
    step,
    hospital,
    admin,
    code,
    hospitalErrs,
    adminErrs,
    codeError,
    alert,
    busy,
    verified,
    editHospital,
    editAdmin,
    editCode,
    saveHospital,
    register,
    verify,
    resend,
    accessDashboard,
    back,
  };
}

export type Onboarding = ReturnType<typeof useOnboarding>;
