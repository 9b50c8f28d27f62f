import { useState, type FormEvent, type ReactNode } from 'react';
import { Form, Link } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { AriaRouter } from '../../../components/aria-router';
import { Button } from '../../../components/button';
import { PasswordField } from '../../../components/password-field';
import { TextField } from '../../../components/text-field';
import { dashboardPathFor, useSignIn } from '../../../lib/auth-actions';
import type { SessionKind } from '../../../lib/session-storage';
import { logIn } from '../api/login';
import { loginErrors, type LoginErrors } from '../validation';
import styles from './login-form.module.css';

type LoginFormProps = {
  kind: SessionKind;
  title: string;
  subtitle: string;
  /** The note under the form (authorized personnel, or contact your administrator). */
  note: ReactNode;
  links: { href: string; label: string }[];
};

/** The admin and staff sign-in form (product-spec-1 §2, §5, §8). */
export function LoginForm({ kind, title, subtitle, note, links }: LoginFormProps) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting) return;
    const found = loginErrors({ email, password });
    setErrors(found);
    setFailure(null);
    if (found.email || found.password) return;
    setSubmitting(true);
    const result = await logIn(kind, { email: email.trim(), password });
    setSubmitting(false);
    if (!result.ok) return setFailure(result.message);
    signIn(result.kind, result.token, result.user, { firstLogin: result.firstLogin });
    toast.success(`Welcome back, ${result.user.name}!`);
    navigate(dashboardPathFor(result.user), { replace: true });
  };

  return (
    <AriaRouter>
      <main className={styles.page}>
        <section className={styles.card} aria-labelledby="login-title">
          <Link href="/" className={styles.brand}>
            HMS
          </Link>
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
                setErrors((e) => ({ ...e, email: undefined }));
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
                setErrors((e) => ({ ...e, password: undefined }));
              }}
              error={errors.password}
            />
            {failure ? (
              <p role="alert" className={styles.failure}>
                {failure}
              </p>
            ) : null}
            <Button type="submit" isDisabled={submitting} className={styles.submit}>
              {submitting ? 'Signing in...' : 'Sign In'}
            </Button>
          </Form>
          <p className={styles.note}>{note}</p>
          <nav aria-label="Other sign-in options" className={styles.links}>
            {links.map((link) => (
              <Link key={link.href} href={link.href} className={styles.link}>
                {link.label}
              </Link>
            ))}
          </nav>
        </section>
      </main>
    </AriaRouter>
  );
}
