import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../app/paths';
import type { FieldError } from '../../../lib/api-client';
import { useSignIn } from '../../../lib/auth-actions';
import { CODE_SENT, EMAIL_VERIFIED, type Verified } from '../../../lib/email-verification';
import { placeFieldErrors } from '../../../lib/field-errors';
import { clearTokens, writeToken } from '../../../lib/session-storage';
import { useEmailVerification } from '../../../lib/use-email-verification';
import { registerHospital, registrationFailure } from '../api/register';
import {
  adminErrors,
  hospitalErrors,
  missesRequired,
  REQUIRED_FIELDS,
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
  codeSent: CODE_SENT,
  verified: EMAIL_VERIFIED,
  welcome: 'Welcome to HMS!',
} as const;

const EMPTY_ADMIN: AdminAccount = { fullName: '', jobTitle: '', email: '', password: '', confirmPassword: '' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The part of a server path under `group`, e.g. 'email' of 'adminData.email'. */
const inGroup =
  <K extends string>(group: string) =>
  (field: string): K | undefined => {
    const [head, name] = field.split('.');
    return head === group && name ? (name as K) : undefined;
  };

/** Splits the server's 'hospitalData.x' / 'adminData.x' field errors between the two steps. */
export function splitFieldErrors(errors: FieldError[]) {
  return {
    hospital: placeFieldErrors(errors, inGroup<keyof HospitalDetails>('hospitalData')).byField,
    admin: placeFieldErrors(errors, inGroup<keyof AdminAccount>('adminData')).byField,
  };
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
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'saving' | 'registering'>(null);
  const [verified, setVerified] = useState<Verified | null>(null);
  const verification = useEmailVerification(admin.email);

  const go = (next: Step) => {
    setAlert(null);
    verification.clear();
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

  /** Step 1 → 2: validate, keep the details, then the 1-second save of §4. */
  const saveHospital = async (): Promise<boolean> => {
    const errs = hospitalErrors(hospital);
    setHospitalErrs(errs);
    setAlert(missesRequired(errs) ? REQUIRED_FIELDS : null);
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
  const completeVerification = (answer: Verified) => {
    clearTokens();
    writeToken('admin', answer.token);
    clearHospitalDraft();
    // The passwords have done their job; do not keep them in memory.
    setAdmin((a) => ({ ...a, password: '', confirmPassword: '' }));
    setVerified(answer);
    toast.success(MESSAGES.verified);
    go(4);
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
    hospitalErrs,
    adminErrs,
    alert,
    busy,
    verified,
    verification,
    editHospital,
    editAdmin,
    saveHospital,
    register,
    completeVerification,
    accessDashboard,
    back,
  };
}

export type Onboarding = ReturnType<typeof useOnboarding>;
