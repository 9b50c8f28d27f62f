import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '../../../platform/event-store/port';
import type { Platform } from '../../../platform/platform';
import { claimStaffEmail, INVITATIONS, invitationStatus, provisionStaffAccount } from '../../identity';
import { staffMemberDecider } from '../decider';
import { directoryDecider, directoryStream } from '../directory';
import { AdminRoleRefused, EmailAlreadyTaken } from '../errors';
import { claimHospitalEmail } from '../hospital-emails';
import { registeredPlan } from '../read-models/hospital-plans';
import type { StaffListItem } from '../read-models/staff-directory';
import type { RoleCode, StaffRole } from '../roles';
import { staffStream } from '../staff-member';

export type NewStaffMember = { firstName: string; lastName: string; email: string; role: RoleCode };
export type CreatedStaffMember = { user: StaffListItem; invitation: 'sent' | 'failed' | 'pending' };

// Seat assignment re-decides on the directory's newest state, so retrying a conflict is safe.
export const SEAT_RETRIES = 20;
/** How long a hire waits for identity's invitation reactor to report the mail. */
const INVITATION_WAIT_MS = 5000;

/**
 * Hires a staff member in one commit: the email (unique among the hospital's staff, and the
 * login's, unique across every account, unless another hospital's account signs in with it: then
 * the member is made without a login, the answer is the same, and the invitation reactor tells
 * that address's owner instead, issue 33), a seat in the hospital's directory (employee number and
 * the plan's limit), the member, and the login account. Identity's invitation reactor then gives the account a temporary password and mails it;
 * the answer waits for that, briefly, to say whether the mail went out.
 */
export async function createStaffMember(
  platform: Platform,
  metadata: EventMetadata,
  input: NewStaffMember,
): Promise<CreatedStaffMember> {
  if (input.role === 'admin') throw new AdminRoleRefused();
  const role: StaffRole = input.role;
  const { hospitalId } = metadata;
  const userId = randomUUID();
  const email = input.email.trim().toLowerCase();
  const plan = await registeredPlan(platform.db, hospitalId);
  const taken = () => new EmailAlreadyTaken();
  const { value: created, caughtUp } = await platform.transact(
    metadata,
    async (uow) => {
      await claimHospitalEmail(uow, hospitalId, email, userId);
      // Another hospital's login: the member is made all the same, without a login (issue 33).
      await claimStaffEmail(uow, platform.db, { email, userId, hospitalId }, taken);
      const directory = await uow.load(directoryDecider, directoryStream(hospitalId));
      uow.decide(directory, { type: 'AssignSeat', userId, registeredPlan: plan });
      const employeeId = directory.state.seats[userId]!;
      const member = await uow.load(staffMemberDecider, staffStream(userId), { isNew: true });
      const profile = {
        userId,
        hospitalId,
        employeeId,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        role,
        department: null,
        specialization: null,
        phone: null,
      };
      const [event] = uow.decide(member, { type: 'CreateStaffMember', ...profile });
      await provisionStaffAccount(uow, platform.db, profile, taken);
      return event!.data as typeof profile;
    },
    { retries: SEAT_RETRIES, waitFor: [INVITATIONS], timeoutMs: INVITATION_WAIT_MS },
  );
  const invitation = caughtUp ? (await invitationStatus(platform.db, userId)).status : 'pending';
  const user: StaffListItem = {
    _id: userId,
    id: userId,
    ...created,
    isActive: true,
    version: 1,
    createdAt: metadata.occurredAt,
  };
  return { user, invitation };
}
