import { z } from '../../../lib/zod';
import { ApiError, request, type FieldError } from '../../../lib/api-client';

/** A staff record as GET /api/users lists it (product-spec-1 §3). */
const staffUser = z.object({
  _id: z.string().optional(),
  id: z.string().optional(),
  employeeId: z.string().nullish(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  isActive: z.boolean(),
  department: z.string().nullish(),
  specialization: z.string().nullish(),
  phone: z.string().nullish(),
  /** The stored version; sent back on edit and delete so a concurrent change answers 409 instead of being overwritten. */
  version: z.number().optional(),
  /** When the member last signed in; null: not yet (absent from a server that does not say). */
  lastSignInAt: z.string().nullish(),
});
export type StaffUser = z.infer<typeof staffUser>;

const listAnswer = z.object({
  data: z.object({
    users: z.array(staffUser),
    pagination: z.object({ page: z.number(), limit: z.number(), total: z.number(), pages: z.number() }),
  }),
});
export type UsersPage = z.infer<typeof listAnswer>['data'];

export type UsersQuery = { page: number; limit: number; search: string; role: string; status: string };

/** The id the edit and delete calls take (the record's _id, product-spec-1 §7). */
export function userKey(user: StaffUser): string {
  return user._id ?? user.id ?? user.employeeId ?? user.email;
}

/**
 * The server's message when it sent one; otherwise `silentServer` (creation says 'HTTP error! status: N',
 * product-spec-1 §8) and `fallback` when the server could not be reached or answered nonsense.
 */
function messageOf(error: unknown, fallback: string, silentServer?: (status: number) => string): string {
  if (!(error instanceof ApiError) || error.status === 0) return fallback;
  const sent = (error.body as { message?: unknown } | undefined)?.message;
  if (typeof sent === 'string' && sent) return sent;
  return silentServer ? silentServer(error.status) : fallback;
}

const httpError = (status: number) => `HTTP error! status: ${status}`;

/** A refused users call: the message to show and the server's per-field reasons, if it gave any. */
export class UsersError extends Error {
  constructor(
    message: string,
    readonly errors: FieldError[] = [],
  ) {
    super(message);
    this.name = 'UsersError';
  }
}

const usersError = (e: unknown, fallback: string) =>
  new UsersError(messageOf(e, fallback, httpError), e instanceof ApiError ? e.errors : []);

export async function listUsers(query: UsersQuery, signal?: AbortSignal): Promise<UsersPage> {
  const searchParams: Record<string, string | number> = { page: query.page, limit: query.limit };
  if (query.search.trim()) searchParams.search = query.search.trim();
  if (query.role) searchParams.role = query.role;
  if (query.status) searchParams.status = query.status.toLowerCase();
  try {
    const answer = await request<unknown>('/users', { searchParams, signal, fallback: 'Failed to fetch users' });
    return listAnswer.parse(answer).data;
  } catch (e) {
    // An answer of the wrong shape is a load failure, not a fetch failure (product-spec-1 §8 names both).
    if (e instanceof ApiError) throw new UsersError(messageOf(e, 'Failed to fetch users'));
    throw new UsersError('Failed to load users');
  }
}

export type NewUser = { firstName: string; lastName: string; email: string; role: string };

const createAnswer = z.object({
  message: z.string().optional(),
  data: z
    .object({
      user: staffUser.optional(),
      invitationSent: z.boolean().optional(),
      temporaryPassword: z.string().optional(),
    })
    .optional(),
});
export type CreatedUser = {
  message: string;
  /** Present only when the invitation email could not be sent, so the admin can pass it on in person. */
  handover?: { employeeId: string; temporaryPassword: string };
};

export async function createUser(user: NewUser): Promise<CreatedUser> {
  let answer: z.infer<typeof createAnswer>;
  try {
    answer = createAnswer.parse(await request<unknown>('/users', { method: 'post', json: user }));
  } catch (e) {
    throw usersError(e, 'Failed to create user');
  }
  const message = answer.message ?? 'User created successfully! Invitation email sent.';
  const password = answer.data?.temporaryPassword;
  if (answer.data?.invitationSent === false && password) {
    return { message, handover: { employeeId: answer.data.user?.employeeId ?? '', temporaryPassword: password } };
  }
  return { message };
}

export type UserChanges = { firstName: string; lastName: string; email: string; role: string; isActive: boolean };

export async function updateUser(user: StaffUser, changes: UserChanges): Promise<void> {
  const json = user.version ? { ...changes, expectedVersion: user.version } : changes;
  try {
    await request(`/users/${encodeURIComponent(userKey(user))}`, { method: 'put', json });
  } catch (e) {
    throw usersError(e, 'Failed to update user');
  }
}

export async function deleteUser(user: StaffUser): Promise<void> {
  const headers: Record<string, string> = user.version ? { 'if-match': `"${user.version}"` } : {};
  try {
    await request(`/users/${encodeURIComponent(userKey(user))}`, { method: 'delete', headers });
  } catch (e) {
    throw usersError(e, 'Failed to delete user');
  }
}
