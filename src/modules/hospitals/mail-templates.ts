import type { MailMessage } from '../../platform/mail/mailer';

/**
 * The verification email, in plain text and HTML. The code stands alone on its own line in both,
 * so it is easy to read, to copy, and for a test to find in an .eml file.
 */

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export function verificationEmail(args: {
  to: string;
  adminName: string;
  hospitalName: string;
  code: string;
  validMinutes: number;
  resent: boolean;
}): MailMessage {
  const { to, adminName, hospitalName, code, validMinutes, resent } = args;
  const subject = resent ? `Your new HMS verification code` : `Verify your email to finish registering ${hospitalName}`;
  const intro = resent
    ? 'Here is your new verification code. Any code we sent you before no longer works.'
    : `Thank you for registering ${hospitalName} with HMS. Enter this verification code to confirm your email address:`;
  const text = [
    `Hello ${adminName},`,
    '',
    intro,
    '',
    code,
    '',
    `The code is valid for ${validMinutes} minutes. If you did not ask for it, you can ignore this email.`,
    '',
    'HMS',
    '',
  ].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">',
    `<p>Hello ${escapeHtml(adminName)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; margin: 24px 0">',
    code,
    '</p>',
    `<p>The code is valid for ${validMinutes} minutes. If you did not ask for it, you can ignore this email.</p>`,
    '<p>HMS</p>',
    '</body></html>',
    '',
  ].join('\n');
  return { to, subject, text, html };
}
