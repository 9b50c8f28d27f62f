import type { MailMessage } from '../../platform/mail/mailer';

export type Invitation = {
  to: string;
  firstName: string;
  roleLabel: string;
  employeeId: string;
  temporaryPassword: string;
  loginUrl: string;
  invitedBy: string;
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The new staff member's invitation. The credentials stand on lines of their own
 * ("Employee ID: …", "Temporary password: …") so a person, or a test, can read them off.
 */
export function invitationEmail(i: Invitation): MailMessage {
  const text = [
    `Hello ${i.firstName},`,
    '',
    `${i.invitedBy} has created a ${i.roleLabel} account for you in the hospital management system.`,
    '',
    `Sign in at: ${i.loginUrl}`,
    `Email: ${i.to}`,
    `Employee ID: ${i.employeeId}`,
    `Temporary password: ${i.temporaryPassword}`,
    '',
    'Sign in with your email address and this temporary password. You will be asked to choose a new password.',
    'If you did not expect this email, contact your hospital administrator.',
    '',
  ].join('\n');
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>Hello ${e(i.firstName)},</p>
<p>${e(i.invitedBy)} has created a <strong>${e(i.roleLabel)}</strong> account for you in the hospital management system.</p>
<table style="border-collapse: collapse; margin: 16px 0">
<tr><td style="padding: 4px 12px 4px 0">Email:</td><td><strong>${e(i.to)}</strong></td></tr>
<tr><td style="padding: 4px 12px 4px 0">Employee ID:</td><td><strong>${e(i.employeeId)}</strong></td></tr>
<tr><td style="padding: 4px 12px 4px 0">Temporary password:</td><td><code style="font-size: 16px">${e(i.temporaryPassword)}</code></td></tr>
</table>
<p><a href="${e(i.loginUrl)}" style="background: #2563eb; color: #ffffff; padding: 10px 18px; border-radius: 6px; text-decoration: none">Sign in</a></p>
<p>You will be asked to choose a new password when you first sign in.</p>
<p style="color: #6b7280; font-size: 13px">If you did not expect this email, contact your hospital administrator.</p>
</body></html>`;
  return { to: i.to, subject: 'Your staff account is ready', text, html };
}
