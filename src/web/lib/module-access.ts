import { useAtomValue } from 'jotai';
import { moduleName, type AccessModuleId } from '../../shared/access-matrix';
import { normaliseRole } from './roles';
import { signedInUserAtom, type SessionUser } from './session';

/**
 * Whether the hospital's access matrix gives the signed-in person a module (product-spec-2 §6),
 * from the `permissions` their session carries. The admin keeps every module; an answer without a
 * permission list (the admin's profile) hides nothing. The server refuses again whatever is shown.
 */
export function hasModule(user: Pick<SessionUser, 'role' | 'permissions'> | null, module: AccessModuleId): boolean {
  if (!user) return false;
  if (normaliseRole(user.role) === 'admin' || !user.permissions) return true;
  const name = moduleName(module);
  return user.permissions.some((p) => p.module === name);
}

export function useHasModule(module: AccessModuleId): boolean {
  return hasModule(useAtomValue(signedInUserAtom), module);
}
