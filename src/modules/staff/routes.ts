import { success } from '../../platform/http/envelope';
import { BadRequest, ServiceUnavailable } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { lastSignIns, sendInvitation } from '../identity';
import { changePlan } from './commands/change-plan';
import { createStaffMember } from './commands/create-staff-member';
import { deleteStaffMember, updateStaffMember } from './commands/edit-staff-member';
import { StaffMemberNotFound } from './errors';
import { effectivePlan, usedSeats } from './directory';
import { PLANS, type PlanCode } from './plans';
import { registeredPlan } from './read-models/hospital-plans';
import { findStaff, listStaff, seatsInUse, staffStats, type StaffListItem } from './read-models/staff-directory';
import { ROLE_IDS, ROLE_LABELS, type RoleCode } from './roles';
import { ifMatchHeaders, versionFromIfMatch } from './schemas';
import {
  changePlanEndpoint,
  createUserEndpoint,
  deleteUserEndpoint,
  resendInvitationEndpoint,
  updateUserEndpoint,
  userEndpoint,
  usersEndpoint,
  userStatsEndpoint,
} from '../../shared/api/users';

export const CREATED = 'User created successfully! Invitation email sent.';
/** When the mail fails the account still exists; the admin can send the invitation again. */
export const CREATED_WITHOUT_EMAIL =
  'User created, but the invitation email could not be sent. Use Resend invitation to try again.';
export const CREATED_MAIL_PENDING = 'User created successfully! The invitation email is on its way.';
export const INVITATION_SENT = 'Invitation email sent.';
export const INVITATION_FAILED = 'The invitation email could not be sent. Please try again later.';
const ADMIN_ONLY = 'Access denied. Admin role required.';

function present(u: StaffListItem, signIns: Map<string, Date | null>) {
  const last = signIns.get(u.id);
  return {
    ...u,
    roleId: ROLE_IDS[u.role as RoleCode] ?? ROLE_IDS.doctor,
    roleLabel: ROLE_LABELS[u.role as RoleCode] ?? u.role,
    lastSignInAt: last ? new Date(last).toISOString() : null,
  };
}

/** The members as the admin sees them, each with when they last signed in (null: not yet). */
async function presentAll(platform: Platform, users: StaffListItem[]) {
  const signIns = await lastSignIns(
    platform.db,
    users.map((u) => u.id),
  );
  return users.map((u) => present(u, signIns));
}

/** The version a client pins: `expectedVersion` in the body, else the If-Match header. */
function expectedVersion(bodyVersion: number | undefined, header: string | undefined): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const v = versionFromIfMatch(header);
  if (v === null) return undefined;
  if (!Number.isInteger(v) || v < 1) throw new BadRequest('If-Match must be a version number such as "3"');
  return v;
}

function planAnswer(code: PlanCode, seats: number) {
  return { code, name: PLANS[code].name, maxUsers: PLANS[code].maxUsers, usedSeats: seats };
}

/** The plan and the seats in use, from the read models (the limit itself is decided on the directory stream). */
async function plan(platform: Platform, hospitalId: string) {
  const [code, seats] = await Promise.all([
    registeredPlan(platform.db, hospitalId),
    seatsInUse(platform.db, hospitalId),
  ]);
  return planAnswer(code, seats);
}

export function staffRoutes(app: HttpApp, platform: Platform) {
  const admin = platform.auth(['admin'], ADMIN_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Users'];

  app.post(
    createUserEndpoint.path,
    {
      config: { audit: { subject: 'user', what: 'creation', reads: false } },
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Create a staff account and email its credentials',
        body: createUserEndpoint.body,
        response: { 201: createUserEndpoint.response },
      },
    },
    async (request, reply) => {
      const { user, invitation } = await createStaffMember(platform, platform.metadataFor(request), request.body);
      const message = { sent: CREATED, failed: CREATED_WITHOUT_EMAIL, pending: CREATED_MAIL_PENDING }[invitation];
      const invitationSent = invitation === 'pending' ? null : invitation === 'sent';
      const [created] = await presentAll(platform, [user]);
      return reply.code(201).send(success({ user: created!, invitationSent }, message));
    },
  );

  app.post(
    resendInvitationEndpoint.path,
    {
      config: { audit: { subject: 'user', idParam: 'id', what: 'invitation', reads: false } },
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Send the invitation again, with a new temporary password',
        params: resendInvitationEndpoint.params,
        response: { 200: resendInvitationEndpoint.response },
      },
    },
    async (request) => {
      const member = await findStaff(platform.db, request.auth!.hospitalId, request.params.id);
      if (!member) throw new StaffMemberNotFound();
      const { id: userId, email, firstName, role, employeeId } = member;
      const sent = await sendInvitation(
        platform,
        { userId, email, firstName, role: role as never, employeeId },
        platform.metadataFor(request),
      );
      if (!sent) throw new ServiceUnavailable(INVITATION_FAILED);
      return { success: true as const, message: INVITATION_SENT };
    },
  );

  app.get(
    usersEndpoint.path,
    {
      config: { audit: { subject: 'user', what: 'list', reads: false } },
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: "List the hospital's staff",
        querystring: usersEndpoint.query,
        response: { 200: usersEndpoint.response },
      },
    },
    async (request) => {
      const q = request.query;
      const { users, total } = await listStaff(platform.db, request.auth!.hospitalId, q);
      const pagination = { page: q.page, limit: q.limit, total, pages: Math.ceil(total / q.limit) };
      return success({ users: await presentAll(platform, users), pagination });
    },
  );

  app.get(
    userStatsEndpoint.path,
    {
      config: { audit: { subject: 'user', what: 'counts', reads: false } },
      onRequest: admin,
      schema: { tags, security, summary: 'Staff counts and plan usage', response: { 200: userStatsEndpoint.response } },
    },
    async (request) => {
      const hospitalId = request.auth!.hospitalId;
      const [stats, p] = await Promise.all([staffStats(platform.db, hospitalId), plan(platform, hospitalId)]);
      return success({ ...stats, plan: p });
    },
  );

  app.put(
    changePlanEndpoint.path,
    {
      config: { audit: { subject: 'user', what: 'plan', reads: false } },
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: "Change the hospital's plan",
        body: changePlanEndpoint.body,
        response: { 200: changePlanEndpoint.response },
      },
    },
    async (request) => {
      const hospitalId = request.auth!.hospitalId;
      const [result, registered] = await Promise.all([
        changePlan(platform, platform.metadataFor(request), request.body.plan),
        registeredPlan(platform.db, hospitalId),
      ]);
      return success(
        planAnswer(effectivePlan(result.state, registered), usedSeats(result.state)),
        'Plan updated successfully',
      );
    },
  );

  app.get(
    userEndpoint.path,
    {
      config: { audit: { subject: 'user', idParam: 'id', what: 'detail', reads: false } },
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'One staff account',
        params: userEndpoint.params,
        response: { 200: userEndpoint.response },
      },
    },
    async (request) => {
      const user = await findStaff(platform.db, request.auth!.hospitalId, request.params.id);
      if (!user) throw new StaffMemberNotFound();
      const [found] = await presentAll(platform, [user]);
      return success({ user: found! });
    },
  );

  app.put(
    updateUserEndpoint.path,
    {
      config: { audit: { subject: 'user', idParam: 'id', what: 'edit', reads: false } },
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Edit a staff account (name, email, role, active)',
        params: updateUserEndpoint.params,
        headers: ifMatchHeaders,
        body: updateUserEndpoint.body,
        response: { 200: updateUserEndpoint.response },
      },
    },
    async (request) => {
      const { expectedVersion: bodyVersion, ...changes } = request.body;
      const version = expectedVersion(bodyVersion, request.headers['if-match']);
      const user = await updateStaffMember(
        platform,
        platform.metadataFor(request),
        request.params.id,
        changes,
        version,
      );
      const [updated] = await presentAll(platform, [user]);
      return success({ user: updated! }, 'User updated successfully');
    },
  );

  app.delete(
    deleteUserEndpoint.path,
    {
      config: { audit: { subject: 'user', idParam: 'id', what: 'deletion', reads: false } },
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Delete a staff account (If-Match: its version)',
        params: deleteUserEndpoint.params,
        headers: ifMatchHeaders,
        response: { 200: deleteUserEndpoint.response },
      },
    },
    async (request) => {
      const version = expectedVersion(undefined, request.headers['if-match']);
      await deleteStaffMember(platform, platform.metadataFor(request), request.params.id, version);
      return { success: true as const, message: 'User deleted successfully' };
    },
  );
}
