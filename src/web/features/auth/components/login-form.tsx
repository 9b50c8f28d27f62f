import { useState, type FormEvent, type ReactNode } from 'react';
import { Form, Link } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { paths } from '../../../app/paths';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { dashboardPathFor, useSignIn } from '../../../lib/auth-actions';
import { sameNames, useFormErrors } from '../../../lib/field-errors';
import { unlockOfflineKey } from '../../../lib/offline/crypto';
import type { SessionKind } from '../../../lib/session-storage';
import { logIn } from '../api/login';
import { loginErrors } from '../validation';
import { LoginCard } from './login-card';
import { UnverifiedAdmin } from './unverified-admin';
import styles from './login-form.module.css';

type LoginFormProps = {
  kind: SessionKind;
  title: string;
  subtitle: string;
  /** The note under the form (authorized personnel, or contact your administrator). */
  note: ReactNode;
  links: { href: string; label: string }[];
};

const FIELDS = ['email', 'password'] as const;

/** The email typed on the other sign-in page, handed over in the history entry's state. */
function handedOverEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** The admin and staff sign-in form (product-spec-1 §2, §5, §8), and the next step a refusal may lead to. */
export function LoginForm({ kind, title, subtitle, note, links }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [email, setEmail] = useState(() => handedOverEmail(location.state));
  const [password, setPassword] = useState('');
  const { errors, failure, setErrors, clearField, reset, fail } = useFormErrors(sameNames(FIELDS));
  const [otherDoor, setOtherDoor] = useState<string | null>(null);
  const [unverified, setUnverified] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // Moving to the other sign-in page keeps what was typed in the email field (never the password).
  const handOver = { state: { email: email.trim() } };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = loginErrors({ email, password });
    reset();
    setOtherDoor(null);
    setErrors(found);
    if (found.email || found.password) return;
    setSubmitting(true);
    const result = await logIn(kind, { email: email.trim(), password });
    if (result.ok && result.kind === 'user') {
      // The password opens this person's offline key for the session (issue 25); without WebCrypto
      // (an insecure origin) the app works online only.
      await unlockOfflineKey(result.user.id, password).catch(() => undefined);
    }
    setSubmitting(false);
    if (!result.ok) {
      if (result.next?.step === 'verify-email') return setUnverified(result.message);
      fail({ errors: result.fieldErrors }, result.message);
      if (result.next?.step === 'other-door') setOtherDoor(result.next.loginPath);
      return;
    }
    signIn(result.kind, result.token, result.user);
    toast.success(`Welcome back, ${result.user.name}!`);
    navigate(dashboardPathFor(result.user), { replace: true });
  };

  if (unverified !== null) {
    return (
      <LoginCard labelledBy="verify-title">
        <UnverifiedAdmin email={email.trim()} reason={unverified} onBack={() => setUnverified(null)} />
      </LoginCard>
    );
  }

  return (
    <LoginCard labelledBy="login-title">
      <h1 id="login-title" className={styles.title}>
        {title}
      </h1>
      <p className={styles.subtitle}>{subtitle}</p>
      <Form onSubmit={submit} className={styles.form} validationBehavior="aria" aria-labelledby="login-title">
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          value={email}
          onChange={(v) => {
            setEmail(v);
            clearField('email');
          }}
          error={errors.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(v) => {
            setPassword(v);
            clearField('password');
          }}
          error={errors.password}
        />
        {failure ? (
          <div role="alert" className={styles.failure}>
            <p className={styles.failureText}>{failure}</p>
            {otherDoor ? (
              <Link href={otherDoor} routerOptions={handOver} className={styles.link}>
                {otherDoor === paths.adminLogin ? 'Go to Admin Login' : 'Go to Staff Login'}
              </Link>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" isDisabled={submitting} className={styles.submit}>
          {submitting ? 'Signing in...' : 'Sign In'}
        </Button>
      </Form>
      <p className={styles.note}>{note}</p>
      <nav aria-label="Other sign-in options" className={styles.links}>
        {links.map((link) => (
          <Link key={link.href} href={link.href} routerOptions={handOver} className={styles.link}>
            {link.label}
          </Link>
        ))}
      </nav>
    </LoginCard>
  );
}
