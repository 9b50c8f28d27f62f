import { loadAggregate } from '../../../platform/event-store/command-handler';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { defineReactor, type FeedConsumerRef, type Reactor } from '../../../platform/projections/projection';
import { ROLE_LABELS, type RoleCode } from '../../../shared/roles';
import { accountStream } from '../account';
import { accountDecider } from '../account-decider';
import type { AccountProvisioned } from '../events';
import { invitationEmail } from '../invitation-email';
import { hashPassword, isCommonPassword } from '../passwords';
import { SESSION_GUARD, SESSION_GUARD_WAIT_MS } from '../session-guard';
import { generateTemporaryPassword } from '../temporary-password';
import { safeText } from '../../../shared/text';
import { findAccountHospital } from '../read-models/accounts';
import { staffNoticeEmail } from '../staff-notice-email';
import { accountEmailHolder, takeFreedEmail } from './accounts';

/** The reactor that invites new staff; the staff module waits for it before answering a hire. */
export const INVITATIONS: FeedConsumerRef = { name: 'identity-invitations' };

type Invitee = Pick<AccountProvisioned['data'], 'userId' | 'email' | 'firstName' | 'role' | 'employeeId'>;

async function newTemporaryPassword(): Promise<string> {
  for (;;) {
    const candidate = generateTemporaryPassword();
    if (!isCommonPassword(candidate)) return candidate;
  }
}

class EmailTaken extends Error {}

/**
 * Whether the account signs in with its address: it holds it, or takes it now that it is free
 * (its hospital added an address another hospital's account held, and that account let it go).
 */
async function holdsLogin(platform: Platform, invitee: Invitee, metadata: EventMetadata): Promise<boolean> {
  const holder = await accountEmailHolder(platform, invitee.email);
  if (holder !== null) return holder === invitee.userId;
  try {
    await platform.transact(metadata, (uow) =>
      takeFreedEmail(uow, invitee.email, invitee.userId, () => new EmailTaken()),
    );
    return true;
  } catch (e) {
    if (e instanceof EmailTaken) return false;
    throw e;
  }
}

/**
 * Gives a staff account a fresh temporary password and mails it. The password exists in plain
 * text only here, between its hash being recorded and the mail leaving; a crash in between is
 * mended by the reactor issuing another one. Returns whether the mail went out.
 *
 * An account whose address signs in to another hospital's account (issue 33) gets the same
 * events and the same argon2 work, so its hospital's trail and answers read as for any new
 * member; but the address's owner is told, not given a password for an account that could never
 * sign in (the address's sign-in is the other account's).
 */
export async function sendInvitation(
  platform: Platform,
  invitee: Invitee,
  metadata: EventMetadata,
  options: { fromReactor?: boolean } = {},
): Promise<boolean> {
  const ownLogin = await holdsLogin(platform, invitee, metadata);
  const temporaryPassword = await newTemporaryPassword();
  const stream = accountStream(invitee.userId);
  await platform.execute(
    accountDecider,
    stream,
    { type: 'IssueTemporaryPassword', passwordHash: await hashPassword(temporaryPassword), now: metadata.occurredAt },
    metadata,
    // A re-invitation ends the person's sessions: in force in this process when it answers. (The
    // reactor's first invitation has no sessions to end, and must not wait on the feed it runs in.)
    options.fromReactor ? {} : { waitFor: [SESSION_GUARD], timeoutMs: SESSION_GUARD_WAIT_MS },
  );
  let failure: string | null = null;
  const roleLabel = ROLE_LABELS[invitee.role as RoleCode] ?? invitee.role;
  const loginUrl = `${platform.config.publicUrl}/user/login`;
  const invitedBy = metadata.actor.name || 'Your administrator';
  try {
    await platform.mailer.send(
      ownLogin
        ? invitationEmail({
            to: invitee.email,
            firstName: invitee.firstName,
            roleLabel,
            employeeId: invitee.employeeId ?? '',
            temporaryPassword,
            loginUrl,
            invitedBy,
          })
        : staffNoticeEmail({
            to: invitee.email,
            hospitalName: (await findAccountHospital(platform.db, metadata.hospitalId))?.name ?? 'A hospital',
            invitedBy,
            roleLabel,
            loginUrl,
          }),
    );
  } catch (err) {
    platform.log.error({ err, userId: invitee.userId }, 'staff invitation email failed');
    failure = err instanceof Error ? safeText(err.message, 200, '…') : 'mail failed';
  }
  await platform.execute(
    accountDecider,
    stream,
    { type: 'RecordInvitation', to: invitee.email, failure, now: new Date().toISOString() },
    metadata,
  );
  return failure === null;
}

/**
 * Invites every new staff account once: on AccountProvisioned (staff) it issues a password and
 * mails it unless the account's history already shows an invitation sent or failed. After a crash
 * it runs again over the same event, and that history is what keeps it from inviting twice.
 */
export function invitationsReactor(platform: Platform): Reactor {
  return defineReactor<AccountProvisioned>({
    name: INVITATIONS.name,
    handles: ['AccountProvisioned'],
    react: async (event) => {
      const data = event.data;
      if (data.kind !== 'staff') return;
      const { state } = await loadAggregate(
        platform.store,
        accountStream(data.userId),
        accountDecider.evolve,
        accountDecider.initialState,
      );
      if (state.invitation !== 'none' || state.status === 'closed' || !state.profile) return;
      const metadata: EventMetadata = {
        ...event.metadata,
        causationId: event.id,
        occurredAt: new Date().toISOString(),
      };
      await sendInvitation(
        platform,
        { ...data, email: state.profile.email, firstName: state.profile.firstName },
        metadata,
        { fromReactor: true },
      );
    },
  });
}
