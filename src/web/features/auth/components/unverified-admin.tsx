import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../app/paths';
import { VerificationCodeForm } from '../../../components/verification-code-form';
import { useSignIn } from '../../../lib/auth-actions';
import { EMAIL_VERIFIED, type Verified } from '../../../lib/email-verification';
import { useEmailVerification } from '../../../lib/use-email-verification';
import styles from './login-form.module.css';

type UnverifiedAdminProps = {
  email: string;
  /** The server's words, e.g. 'Please verify your email address before logging in.' */
  reason: string;
  onBack: () => void;
};

/**
 * An admin who registered but never verified, met on the admin sign-in page (the server says so
 * only after a right password): the code is entered right here, as in onboarding step 3, and a
 * verified admin is signed in as onboarding signs them in.
 */
export function UnverifiedAdmin({ email, reason, onBack }: UnverifiedAdminProps) {
  const verification = useEmailVerification(email);
  const signIn = useSignIn();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);

  // The step replaces the form: take the keyboard and screen-reader focus to its heading.
  useEffect(() => heading.current?.focus(), []);

  const verified = (answer: Verified) => {
    signIn('admin', answer.token, answer.user, { firstLogin: true });
    toast.success(EMAIL_VERIFIED);
    navigate(paths.admin.dashboard, { replace: true });
  };

  return (
    <VerificationCodeForm
      verification={verification}
      labelledBy="verify-title"
      back={{ label: 'Back to sign in', onPress: onBack }}
      onVerified={verified}
    >
      <h1 id="verify-title" ref={heading} tabIndex={-1} className={styles.title}>
        Verify your email
      </h1>
      <p className={styles.lead}>
        {reason} Enter the 6-digit code we sent to <strong>{email}</strong>. If it has expired, ask for a new one.
      </p>
    </VerificationCodeForm>
  );
}
