/** The login form rules of product-spec-1 §5, word for word. */
export const EMAIL_REQUIRED = 'Email is required';
export const INVALID_EMAIL = 'Please enter a valid email address';
export const PASSWORD_REQUIRED = 'Password is required';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type LoginErrors = { email?: string; password?: string };

export function loginErrors({ email, password }: { email: string; password: string }): LoginErrors {
  const errors: LoginErrors = {};
  const trimmed = email.trim();
  if (!trimmed) errors.email = EMAIL_REQUIRED;
  else if (!EMAIL.test(trimmed)) errors.email = INVALID_EMAIL;
  if (!password) errors.password = PASSWORD_REQUIRED;
  else if (password.length < 6) errors.password = PASSWORD_TOO_SHORT;
  return errors;
}
