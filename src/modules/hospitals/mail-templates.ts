import type { MailMessage } from '../../platform/mail/mailer';
import { codePointLength, cut } from '../../shared/text';

/**
 * The mails of the registration flow, in plain text and HTML. Whoever registers chooses the
 * recipient and types the names, so: the subject and every link are ours alone (links only from
 * PUBLIC_URL), and a typed name appears only in the body, as bounded plain text in which nothing
 * reads as a link or markup. The code stands alone on its own line in both parts, so it is easy to
 * read, to copy, and for a test to find in an .eml file.
 */

export const MAIL_NAME_MAX = 60;

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/**
 * A name a stranger typed, made safe to quote in a mail: letters, digits, spaces and a little
 * punctuation only (no ':', '/', '@', '<', so no scheme, path, address or tag), no dot between two
 * characters (so no domain name a mail client would turn into a link), at most MAIL_NAME_MAX
 * characters.
 */
export function mailSafeName(value: string): string {
  const cleaned = value
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N} .,'&()-]/gu, ' ')
    .replace(/\.(?=\S)/g, '. ')
    .replace(/\s+/g, ' ')
    .trim();
  const bounded = codePointLength(cleaned) > MAIL_NAME_MAX ? `${cut(cleaned, MAIL_NAME_MAX - 1).trimEnd()}…` : cleaned;
  return bounded || 'there';
}

function page(paragraphs: string[], code?: string): string {
  return [
    '<!doctype html>',
    '<html><body style="font-family: Arial, sans-serif; color: #1f2933; line-height: 1.5">',
    ...paragraphs.slice(0, 2).map((p) => `<p>${p}</p>`),
    ...(code
      ? ['<p style="font-size: 28px; font-weight: bold; letter-spacing: 6px; margin: 24px 0">', code, '</p>']
      : []),
    ...paragraphs.slice(2).map((p) => `<p>${p}</p>`),
    '</body></html>',
    '',
  ].join('\n');
}

/** A registry number as validated at registration (letters, digits, '/', '-'); anything else is dropped. */
function mailSafeNumber(value: string): string {
  return cut(value.replace(/[^A-Za-z0-9/-]/g, ''), 40) || '-';
}

export function verificationEmail(args: {
  to: string;
  adminName: string;
  hospitalName: string;
  numbers: { registrationNumber: string; licenseNumber: string; hospitalNumber: string };
  code: string;
  validMinutes: number;
  resent: boolean;
}): MailMessage {
  const { to, code, validMinutes, resent, numbers } = args;
  const adminName = mailSafeName(args.adminName);
  const hospitalName = mailSafeName(args.hospitalName);
  const subject = resent ? 'Your new HMS verification code' : 'Verify your email to finish registering your hospital';
  const intro = resent
    ? `Here is your new verification code for registering "${hospitalName}". Any code we sent you before for it no longer works.`
    : `Thank you for registering "${hospitalName}" with HMS. Enter this verification code to confirm your email address:`;
  // Issue 33: whoever types an address gets a code mailed there; the owner must be able to tell theirs apart.
  const forWhat = `This code is only for the registration of "${hospitalName}" (registration number ${mailSafeNumber(numbers.registrationNumber)}, licence ${mailSafeNumber(numbers.licenseNumber)}, hospital number ${mailSafeNumber(numbers.hospitalNumber)}), and works only in the browser where that registration was made.`;
  const validity = `The code is valid for ${validMinutes} minutes.`;
  const notYou = `If you did not register this hospital, someone else typed your email address: do not enter this code anywhere and do not share it with anyone, including anyone who calls claiming to be from HMS. Ignore this email: nothing is registered without the code, and your own registration, if you made one, is not affected.`;
  const text = [`Hello ${adminName},`, '', intro, '', code, '', forWhat, '', validity, '', notYou, '', 'HMS', ''].join(
    '\n',
  );
  const html = page(
    [
      `Hello ${escapeHtml(adminName)},`,
      escapeHtml(intro),
      escapeHtml(forWhat),
      escapeHtml(validity),
      escapeHtml(notYou),
      'HMS',
    ],
    code,
  );
  return { to, subject, text, html };
}

/**
 * To the owner of an address that already has an account, instead of a code: someone (perhaps
 * they) tried to register a hospital with it. Names nothing the caller typed.
 */
export function accountExistsEmail(args: { to: string; publicUrl: string }): MailMessage {
  const adminLogin = `${args.publicUrl}/admin/login`;
  const staffLogin = `${args.publicUrl}/user/login`;
  const lines = [
    'Someone tried to register a new hospital on HMS with this email address. It already has an HMS account, so nothing was registered.',
    'If it was you, sign in with your existing account instead. If you no longer know your password, ask your hospital administrator to reset it.',
    'If it was not you, you can ignore this email: your account has not changed.',
  ];
  const text = [
    'Hello,',
    '',
    lines[0],
    '',
    lines[1],
    `Administrators sign in at: ${adminLogin}`,
    `Staff sign in at: ${staffLogin}`,
    '',
    lines[2],
    '',
    'HMS',
    '',
  ].join('\n');
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${label}</a>`;
  const html = page([
    'Hello,',
    escapeHtml(lines[0]!),
    `${escapeHtml(lines[1]!)}<br>${link(adminLogin, 'Administrator sign-in')} · ${link(staffLogin, 'Staff sign-in')}`,
    escapeHtml(lines[2]!),
    'HMS',
  ]);
  return { to: args.to, subject: 'Someone tried to register a hospital with your email address', text, html };
}
