import type { AccessMatrixAnswer, ModuleRoles } from './api/access-matrix-api';

/** product-spec-2 §9: 5 access-control modules per page. */
export const MODULES_PER_PAGE = 5;

export function rolesOf(matrix: AccessMatrixAnswer): ModuleRoles {
  return Object.fromEntries(matrix.modules.map((m) => [m.id, [...m.roles]]));
}

/** The draft with `role` granted or taken from `module`. */
export function toggle(draft: ModuleRoles, module: string, role: string, granted: boolean): ModuleRoles {
  const current = draft[module] ?? [];
  const roles = granted ? [...new Set([...current, role])] : current.filter((r) => r !== role);
  return { ...draft, [module]: roles };
}

/** Whether the draft differs from what is saved (order does not matter). */
export function isDirty(draft: ModuleRoles, saved: ModuleRoles): boolean {
  const keys = new Set([...Object.keys(draft), ...Object.keys(saved)]);
  for (const k of keys) {
    const a = [...(draft[k] ?? [])].sort().join();
    const b = [...(saved[k] ?? [])].sort().join();
    if (a !== b) return true;
  }
  return false;
}

/** Modules whose name contains the search (any case). */
export function filterModules<T extends { name: string }>(modules: T[], search: string): T[] {
  const q = search.trim().toLowerCase();
  return q ? modules.filter((m) => m.name.toLowerCase().includes(q)) : modules;
}
