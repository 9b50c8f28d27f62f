import type { MailMessage } from '../../../platform/mail/mailer';
import type { Platform } from '../../../platform/platform';
import { defineReactor, type FeedConsumerRef, type Reactor } from '../../../platform/projections/projection';
import type { AccountLocked } from '../events';
import { findAccount } from '../read-models/accounts';

/** The reactor that tells an account's owner that sign-ins from an address were locked. */
export const LOCK_NOTICES: FeedConsumerRef = { name: 'identity-lock-notices' };

/**
 * The owner's notice of a lock. Only what the server knows goes in it (the address, the time),
 * nothing a stranger typed, and no link: the owner signs in the usual way.
 */
export function lockNoticeEmail(n: { to: string; firstName: string; ip: string; lockedUntil: string }): MailMessage {
  const until = new Date(n.lockedUntil).toUTCString();
  const lines = [
    `Hello ${n.firstName},`,
    '',
    `Several sign-ins to your hospital management account failed with a wrong password from the address ${n.ip}.`,
    `Sign-ins from that address are paused until ${until}. Sign-ins from your other addresses are not affected.`,
    '',
    'If this was you, wait and try again. If it was not, change your password after signing in,',
    'and tell your hospital administrator.',
    '',
  ];
  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
${lines
  .filter(Boolean)
  .map((l) => `<p>${escape(l)}</p>`)
  .join('\n')}
</body></html>`;
  return { to: n.to, subject: 'Sign-ins to your account were paused', text: lines.join('\n'), html };
}

/**
 * Mails the owner at each AccountLocked. At least once: after a crash between the mail and the
 * checkpoint the owner may get the notice twice, which is harmless.
 */
export function lockNoticesReactor(platform: Platform): Reactor {
  return defineReactor<AccountLocked>({
    name: LOCK_NOTICES.name,
    handles: ['AccountLocked'],
    react: async (event) => {
      const { userId, lockedUntil, ip } = event.data;
      const account = await findAccount(platform.db, userId);
      if (!account || account.closed) return;
      try {
        await platform.mailer.send(
          lockNoticeEmail({ to: account.email, firstName: account.first_name, ip: ip ?? 'unknown', lockedUntil }),
        );
      } catch (err) {
        // A notice that cannot be sent must not hold up the feed; the lock itself is in force.
        platform.log.error({ err, userId }, 'sign-in lock notice failed');
      }
    },
  });
}
