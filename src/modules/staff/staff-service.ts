import { randomUUID } from 'node:crypto';
import { loadAggregate } from '../../platform/event-store/command-handler';
import type { EventMetadata } from '../../platform/event-store/port';
import { releaseUnique, reserveUnique, uniqueHolder } from '../../platform/event-store/unique-reservation';
import type { Platform } from '../../platform/platform';
import { hashPassword, IDENTITY_READ_MODELS, isCommonPassword } from '../identity';
import { staffMemberDecider, type StaffMemberChanges } from './decider';
import { directoryDecider, directoryStream } from './directory';
import { AdminRoleRefused, EmailAlreadyTaken } from './errors';
import { invitationEmail } from './invitation-email';
import type { PlanCode } from './plans';
import { registeredPlan, STAFF_HOSPITAL_PLANS } from './read-models/hospital-plans';
import { findStaff, STAFF_DIRECTORY, type StaffListItem } from './read-models/staff-directory';
import { ROLE_LABELS, type RoleCode } from './roles';
import { staffStream } from './staff-member';
import { generateTemporaryPassword } from './temporary-password';

/** One email, one account, across admins and staff: identity reserves admin emails in the same scope. */
export const ACCOUNT_EMAIL_SCOPE = 'account-email';
// Identity's too: a member can sign in the moment they are created, and not once deactivated.
const READ_MODELS = [STAFF_DIRECTORY, ...IDENTITY_READ_MODELS];
// Seat assignment re-decides on the directory's newest state, so retrying a conflict is safe.
const SEAT_RETRIES = 20;

export type NewStaffMember = { firstName: string; lastName: string; email: string; role: RoleCode };
export type CreatedStaffMember = { user: StaffListItem; invitationSent: boolean; temporaryPassword: string };

async function newTemporaryPassword(): Promise<string> {
  for (;;) {
    const candidate = generateTemporaryPassword();
    if (!isCommonPassword(candidate)) return candidate;
  }
}

/**
 * Creates a staff account: reserve the email (unique across all accounts), take a seat in the
 * hospital's directory (employee number and plan limit), record the member, then email the
 * credentials. Each earlier step is undone when a later one refuses, so nothing is half-made.
 */
export async function createStaffMember(platform: Platform, metadata: EventMetadata, input: NewStaffMember) {
  if (input.role === 'admin') throw new AdminRoleRefused();
  const { store } = platform;
  const hospitalId = metadata.hospitalId;
  const userId = randomUUID();
  const email = input.email.trim().toLowerCase();
  const temporaryPassword = await newTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);

  const emailArgs = { scope: ACCOUNT_EMAIL_SCOPE, value: email, ownerId: userId, metadata };
  if (!(await reserveUnique(store, emailArgs)).reserved) throw new EmailAlreadyTaken();
  let employeeId: string;
  try {
    const seat = await platform.execute(
      directoryDecider,
      directoryStream(hospitalId),
      { type: 'AssignSeat', userId, registeredPlan: await registeredPlan(platform.db, hospitalId) },
      metadata,
      { retries: SEAT_RETRIES },
    );
    employeeId = seat.state.seats[userId]!;
  } catch (e) {
    await releaseUnique(store, emailArgs);
    throw e;
  }
  try {
    await platform.execute(
      staffMemberDecider,
      staffStream(userId),
      {
        type: 'CreateStaffMember',
        userId,
        hospitalId,
        employeeId,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        role: input.role,
        passwordHash,
        department: null,
        specialization: null,
        phone: null,
      },
      metadata,
      { readModels: READ_MODELS },
    );
  } catch (e) {
    await platform.execute(directoryDecider, directoryStream(hospitalId), { type: 'ReleaseSeat', userId }, metadata, {
      retries: SEAT_RETRIES,
    });
    await releaseUnique(store, emailArgs);
    throw e;
  }

  const invitationSent = await sendInvitation(platform, metadata, { ...input, email, employeeId, temporaryPassword });
  const user = await findStaff(platform.db, hospitalId, userId);
  if (!user) throw new Error(`staff member ${userId} missing from the directory after creation`);
  return { user, invitationSent, temporaryPassword } satisfies CreatedStaffMember;
}

async function sendInvitation(
  platform: Platform,
  metadata: EventMetadata,
  m: NewStaffMember & { employeeId: string; temporaryPassword: string },
): Promise<boolean> {
  try {
    await platform.mailer.send(
      invitationEmail({
        to: m.email,
        firstName: m.firstName.trim(),
        roleLabel: ROLE_LABELS[m.role],
        employeeId: m.employeeId,
        temporaryPassword: m.temporaryPassword,
        loginUrl: `${platform.config.publicUrl}/user/login`,
        invitedBy: metadata.actor.name || 'Your administrator',
      }),
    );
    return true;
  } catch (err) {
    // The account exists and stays: the admin is told, and given the credentials to pass on.
    platform.log.error({ err, employeeId: m.employeeId }, 'staff invitation email failed');
    return false;
  }
}

/**
 * Applies an edit. `expectedVersion` (what the client last saw) pins the revision; without it the
 * revision of the state the decision was made on is used and never retried, so two conflicting
 * edits give one success and one 409 instead of the later silently overwriting the earlier.
 */
export async function updateStaffMember(
  platform: Platform,
  metadata: EventMetadata,
  userId: string,
  changes: StaffMemberChanges,
  expectedVersion?: number,
) {
  const { store } = platform;
  const stream = staffStream(userId);
  const loaded = await loadAggregate(store, stream, staffMemberDecider.evolve, staffMemberDecider.initialState);
  const before = loaded.state;
  const pinned = expectedVersion !== undefined ? BigInt(expectedVersion - 1) : (loaded.revision ?? undefined);
  const command = {
    type: 'UpdateStaffMember' as const,
    userId,
    hospitalId: metadata.hospitalId,
    actorUserId: metadata.actor.userId,
    changes,
  };

  // The decider's rules first, on the state just read: another hospital's member must answer 404
  // even to a caller sending a stale version, and a taken email is checked only for a valid edit.
  staffMemberDecider.decide(command, before);
  const newEmail = changes.email?.trim().toLowerCase();
  const emailArgs =
    newEmail !== undefined && before.status !== 'none' && before.email !== newEmail
      ? { scope: ACCOUNT_EMAIL_SCOPE, value: newEmail, ownerId: userId, metadata }
      : null;
  let reservedHere = false;
  if (emailArgs) {
    reservedHere = (await uniqueHolder(store, ACCOUNT_EMAIL_SCOPE, emailArgs.value)) !== userId;
    if (!(await reserveUnique(store, emailArgs)).reserved) throw new EmailAlreadyTaken();
  }
  try {
    const result = await platform.execute(staffMemberDecider, stream, command, metadata, {
      expectedRevision: pinned,
      readModels: READ_MODELS,
    });
    if (
      emailArgs &&
      before.status !== 'none' &&
      result.state.status !== 'none' &&
      result.state.email !== before.email
    ) {
      await releaseUnique(store, { ...emailArgs, value: before.email });
    }
    return result;
  } catch (e) {
    if (emailArgs && reservedHere) {
      // Keep the value if a concurrent edit that won the race now uses it.
      const now = await loadAggregate(store, stream, staffMemberDecider.evolve, staffMemberDecider.initialState);
      if (now.state.status === 'none' || now.state.email !== emailArgs.value) await releaseUnique(store, emailArgs);
    }
    throw e;
  }
}

/** Deletes a member and frees what they held: their seat under the plan and their email. */
export async function deleteStaffMember(
  platform: Platform,
  metadata: EventMetadata,
  userId: string,
  expectedVersion?: number,
) {
  const stream = staffStream(userId);
  const loaded = await loadAggregate(
    platform.store,
    stream,
    staffMemberDecider.evolve,
    staffMemberDecider.initialState,
  );
  const command = {
    type: 'DeleteStaffMember' as const,
    userId,
    hospitalId: metadata.hospitalId,
    actorUserId: metadata.actor.userId,
  };
  staffMemberDecider.decide(command, loaded.state); // 404 / self-delete before any version check, as in updates
  const result = await platform.execute(staffMemberDecider, stream, command, metadata, {
    readModels: READ_MODELS,
    expectedRevision: expectedVersion !== undefined ? BigInt(expectedVersion - 1) : (loaded.revision ?? undefined),
  });
  if (result.state.status === 'deleted') {
    const directory = directoryStream(metadata.hospitalId);
    await platform.execute(directoryDecider, directory, { type: 'ReleaseSeat', userId }, metadata, {
      retries: SEAT_RETRIES,
    });
    const email = { scope: ACCOUNT_EMAIL_SCOPE, value: result.state.email, ownerId: userId, metadata };
    await releaseUnique(platform.store, email);
  }
  return result;
}

export async function changePlan(platform: Platform, metadata: EventMetadata, plan: PlanCode) {
  const hospitalId = metadata.hospitalId;
  return platform.execute(
    directoryDecider,
    directoryStream(hospitalId),
    { type: 'ChangePlan', hospitalId, plan, registeredPlan: await registeredPlan(platform.db, hospitalId) },
    metadata,
    { retries: SEAT_RETRIES, readModels: [STAFF_HOSPITAL_PLANS] },
  );
}

/** The plan in force and the seats used, from the directory stream itself (the source the limit is enforced on). */
export async function planStatus(platform: Platform, hospitalId: string) {
  const { state } = await loadAggregate(
    platform.store,
    directoryStream(hospitalId),
    directoryDecider.evolve,
    directoryDecider.initialState,
  );
  return { state, registered: await registeredPlan(platform.db, hospitalId) };
}
