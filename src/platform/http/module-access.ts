import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import {
  DEFAULT_ACCESS_MATRIX,
  isGranted,
  moduleRefusedMessage,
  permissionsFromMatrix,
  type AccessMatrix,
  type Permission,
} from '../../shared/access-matrix';
import { Forbidden } from './errors';

/**
 * Module access (product-spec-2 §6): a route names the module it belongs to in its config,
 * `config: { accessModule: 'pharmacy' }` (or several: any one of them grants it), and one hook
 * checks the caller's hospital's current matrix right after the route's own role rule. The role
 * rule stays the floor (a nurse never dispenses, whatever the matrix says); the matrix can only
 * take a module away. A refused module answers 403 naming it. Routes of a new module tag
 * themselves the same way; the module id must be one of src/shared/access-matrix.ts.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    accessModule?: string | readonly string[];
  }
}

/** The hospital's matrix as the server currently enforces it; the access-control module provides it. */
export type AccessPolicy = {
  matrixOf: (hospitalId: string) => Promise<AccessMatrix>;
};

/** With no access-control module loaded every hospital has the default matrix. */
export const defaultAccessPolicy: AccessPolicy = { matrixOf: async () => DEFAULT_ACCESS_MATRIX };

export async function permissionsOf(policy: AccessPolicy, hospitalId: string, role: string): Promise<Permission[]> {
  return permissionsFromMatrix(await policy.matrixOf(hospitalId), role);
}

function modulesOf(value: string | readonly string[] | undefined): readonly string[] {
  if (!value) return [];
  return typeof value === 'string' ? [value] : value;
}

/** The 403 for a caller whose role holds none of `modules` in their hospital, or null. */
export async function moduleRefusal(
  policy: AccessPolicy,
  request: FastifyRequest,
  modules: readonly string[],
): Promise<Forbidden | null> {
  const auth = request.auth;
  if (!auth || modules.length === 0) return null;
  const matrix = await policy.matrixOf(auth.hospitalId);
  if (modules.some((m) => isGranted(matrix, m, auth.role))) return null;
  return new Forbidden(moduleRefusedMessage(modules[0]!), {
    code: 'MODULE_ACCESS_DENIED',
    details: { module: modules[0] },
  });
}

export type TaggedRoute = { method: string; url: string; modules: readonly string[] };
const tagged = new WeakMap<object, TaggedRoute[]>();

/** Every route of `app` that names a module, as registered (tests generate their cases from it). */
export function taggedRoutes(app: object): readonly TaggedRoute[] {
  return tagged.get(app) ?? [];
}

const asArray = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * Installs the check on every route declared after it (call before registering routes). It runs
 * right after the route's own sign-in and role check: in `onRequest` when the route checks the
 * role there, else in `preHandler`, so a refused module answers before the body is validated.
 */
export function installModuleAccess(app: FastifyInstance, policy: () => AccessPolicy): void {
  const routes: TaggedRoute[] = [];
  tagged.set(app, routes);
  app.addHook('onRoute', (route) => {
    const modules = modulesOf(route.config?.accessModule);
    if (modules.length === 0) return;
    for (const method of asArray(route.method)) routes.push({ method, url: route.url, modules });
    const check = async (request: FastifyRequest) => {
      const refusal = await moduleRefusal(policy(), request, modules);
      if (refusal) throw refusal;
    };
    if (route.onRequest) route.onRequest = [...asArray(route.onRequest), check as onRequestHookHandler];
    else route.preHandler = [...asArray(route.preHandler), check as preHandlerHookHandler];
  });
}
