import type { MailMessage } from '../../platform/mail/mailer';

export type StaffNotice = {
  to: string;
  /** The hospital whose administrator listed the address, and who did. */
  hospitalName: string;
  invitedBy: string;
  roleLabel: string;
  loginUrl: string;
};

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * Sent instead of an invitation when a hospital's administrator adds an address that already
 * signs in to an account of another hospital (issue 33). It names only the hospital that added
 * the address (as an invitation would) and never the owner's own hospital; nothing in the owner's
 * account changed, and no password is in it.
 */
export function staffNoticeEmail(n: StaffNotice): MailMessage {
  const lines = [
    `${n.invitedBy} of ${n.hospitalName} has added this email address as a ${n.roleLabel} to their hospital in the hospital management system.`,
    'This address already signs in to an HMS account, so no second account can sign in with it. Your existing account has not changed: keep signing in as before.',
    `If you are joining ${n.hospitalName}, ask its administrator to add you with another email address.`,
    'If you do not know them, you can ignore this email.',
  ];
  const text = ['Hello,', '', lines[0], '', lines[1], `Sign in at: ${n.loginUrl}`, '', lines[2], lines[3], ''].join(
    '\n',
  );
  const e = escapeHtml;
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<p>Hello,</p>
<p>${e(lines[0]!)}</p>
<p>${e(lines[1]!)} <a href="${e(n.loginUrl)}">Sign in</a></p>
<p>${e(lines[2]!)}</p>
<p style="color: #6b7280; font-size: 13px">${e(lines[3]!)}</p>
</body></html>`;
  return { to: n.to, subject: `${n.hospitalName} added your email address`, text, html };
}
