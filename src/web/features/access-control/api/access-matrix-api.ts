import { request } from '../../../lib/api-client';
import { z } from '../../../lib/zod';

/** GET/PUT /api/access-control and POST /api/access-control/reset (product-spec-2 §6). */
export const matrixSchema = z.object({
  modules: z.array(z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) })),
  roles: z.array(z.object({ code: z.string(), id: z.number(), label: z.string(), locked: z.boolean() })),
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AccessMatrixAnswer = z.infer<typeof matrixSchema>;
export type ModuleRoles = Record<string, string[]>;

const answer = z.object({ message: z.string().optional(), data: matrixSchema });

export const SAVED = 'Access control settings saved successfully!';
export const RESET = 'Access control settings reset to default';
const LOAD_FAILED = 'Failed to load access control settings';
const SAVE_FAILED = 'Failed to save access control settings';

export async function fetchAccessMatrix(signal?: AbortSignal): Promise<AccessMatrixAnswer> {
  return answer.parse(await request<unknown>('/access-control', { signal, fallback: LOAD_FAILED })).data;
}

/** Saves every module's roles, pinned to the version shown (a newer save by someone else answers 409). */
export async function saveAccessMatrix(roles: ModuleRoles, version: number) {
  const modules = Object.entries(roles).map(([module, r]) => ({ module, roles: r }));
  const a = answer.parse(
    await request<unknown>('/access-control', { method: 'put', json: { modules, version }, fallback: SAVE_FAILED }),
  );
  return { matrix: a.data, message: a.message ?? SAVED };
}

export async function resetAccessMatrix() {
  const a = answer.parse(await request<unknown>('/access-control/reset', { method: 'post', fallback: SAVE_FAILED }));
  return { matrix: a.data, message: a.message ?? RESET };
}
