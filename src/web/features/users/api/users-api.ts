import {
  createUserEndpoint,
  deleteUserEndpoint,
  updateUserEndpoint,
  usersEndpoint,
  type staffUser,
} from '../../../../shared/api/users';
import { ApiError, type FieldError } from '../../../lib/api-client';
import { callEndpoint, fetchData } from '../../../lib/endpoint-client';
import type { z } from '../../../lib/zod';

/** A staff record as GET /api/users lists it (product-spec-1 §3), as the shared contract declares it. */
export type StaffUser = z.output<typeof staffUser>;
export type UsersPage = z.output<typeof usersEndpoint.data>;

export type UsersQuery = { page: number; limit: number; search: string; role: string; status: string };

/** The id the edit and delete calls take (the record's _id, product-spec-1 §7). */
export function userKey(user: StaffUser): string {
  return user._id;
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
    return await fetchData(usersEndpoint, { searchParams, signal, fallback: 'Failed to fetch users' });
  } catch (e) {
    // An answer of the wrong shape is a load failure, not a fetch failure (product-spec-1 §8 names both).
    if (e instanceof ApiError) throw new UsersError(messageOf(e, 'Failed to fetch users'));
    throw new UsersError('Failed to load users');
  }
}

export type NewUser = { firstName: string; lastName: string; email: string; role: string };

/** The server's words: when the mail could not be sent, the admin sends the invitation again (no password is shown). */
export type CreatedUser = { message: string };

export async function createUser(user: NewUser): Promise<CreatedUser> {
  try {
    const answer = await callEndpoint(createUserEndpoint, { json: user });
    return { message: answer.message ?? 'User created successfully! Invitation email sent.' };
  } catch (e) {
    throw usersError(e, 'Failed to create user');
  }
}

export type UserChanges = { firstName: string; lastName: string; email: string; role: string; isActive: boolean };

export async function updateUser(user: StaffUser, changes: UserChanges): Promise<void> {
  const json = { ...changes, expectedVersion: user.version };
  try {
    await callEndpoint(updateUserEndpoint, { params: { id: userKey(user) }, json });
  } catch (e) {
    throw usersError(e, 'Failed to update user');
  }
}

export async function deleteUser(user: StaffUser): Promise<void> {
  try {
    await callEndpoint(deleteUserEndpoint, {
      params: { id: userKey(user) },
      headers: { 'if-match': `"${user.version}"` },
    });
  } catch (e) {
    throw usersError(e, 'Failed to delete user');
  }
}
