import { z } from 'zod';
import { ok, success } from '../../platform/http/envelope';
import { BadRequest } from '../../platform/http/errors';
import type { HttpApp, Platform } from '../../platform/platform';
import { ACCESS_MODULES, parseAccessModule, type AccessModuleId } from '../../shared/access-matrix';
import { parseRole, ROLE_CODES, ROLE_IDS, ROLE_LABELS, type RoleCode } from '../../shared/roles';
import { accessMatrixDecider, accessMatrixStream, type AccessMatrixCommand } from './matrix';
import { ACCESS_POLICY } from './policy';
import { storedMatrix, type StoredMatrix } from './read-models/access-matrix';

export const SAVED = 'Access control settings saved successfully!';
export const RESET = 'Access control settings reset to default';
const ADMIN_ONLY = 'Access denied. Admin role required.';

const matrixSchema = z.object({
  modules: z.array(z.object({ id: z.string(), name: z.string(), roles: z.array(z.string()) })),
  roles: z.array(z.object({ code: z.string(), id: z.number(), label: z.string(), locked: z.boolean() })),
  /** Saves so far; send it back as `version` to refuse saving over someone else's newer save (409). */
  version: z.number(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});

const saveBody = z.object({
  modules: z
    .array(z.object({ module: z.string().min(1).max(100), roles: z.array(z.string().max(50)).max(20) }))
    .min(1, 'Choose the roles of at least one module')
    .max(20),
  version: z.number().int().min(0).optional(),
});

function present(stored: StoredMatrix) {
  return {
    modules: ACCESS_MODULES.map((m) => ({ id: m.id, name: m.name, roles: stored.matrix[m.id] })),
    roles: ROLE_CODES.map((code) => ({ code, id: ROLE_IDS[code], label: ROLE_LABELS[code], locked: code === 'admin' })),
    version: stored.version,
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy,
  };
}

/** The body's modules as ids and role codes; a name nobody knows is a 400 that says which. */
function parseModules(input: z.infer<typeof saveBody>['modules']): Partial<Record<AccessModuleId, RoleCode[]>> {
  const out: Partial<Record<AccessModuleId, RoleCode[]>> = {};
  for (const { module, roles } of input) {
    const id = parseAccessModule(module);
    if (!id)
      throw new BadRequest(`Unknown module: ${module}`, [{ field: 'modules', message: `Unknown module: ${module}` }]);
    out[id] = roles.map((r) => {
      const code = parseRole(r);
      if (!code) throw new BadRequest(`Unknown role: ${r}`, [{ field: 'roles', message: `Unknown role: ${r}` }]);
      return code;
    });
  }
  return out;
}

export function accessControlRoutes(app: HttpApp, platform: Platform) {
  const admin = platform.auth(['admin'], ADMIN_ONLY);
  const security = [{ bearer: [] }];
  const tags = ['Access control'];
  const refusals = { audit: { subject: 'access-control', what: 'access matrix', reads: false } };

  const run = async (
    request: Parameters<typeof platform.metadataFor>[0],
    command: AccessMatrixCommand,
    version?: number,
  ) => {
    const hospitalId = request.auth!.hospitalId;
    // The save answers once this server enforces the new matrix: the next request sees it.
    await platform.execute(
      accessMatrixDecider,
      accessMatrixStream(hospitalId),
      command,
      platform.metadataFor(request),
      {
        expectedVersion: version,
        waitFor: [ACCESS_POLICY],
      },
    );
    return present(await storedMatrix(platform.db, hospitalId));
  };

  app.get(
    '/access-control',
    {
      config: refusals,
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: "The hospital's module × role access matrix",
        response: { 200: ok(matrixSchema) },
      },
    },
    async (request) => success(present(await storedMatrix(platform.db, request.auth!.hospitalId))),
  );

  app.put(
    '/access-control',
    {
      config: refusals,
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Save the roles of one or more modules (the admin keeps every module)',
        body: saveBody,
        response: { 200: ok(matrixSchema) },
      },
    },
    async (request) => {
      const modules = parseModules(request.body.modules);
      const command = { type: 'SaveAccessMatrix' as const, hospitalId: request.auth!.hospitalId, modules };
      return success(await run(request, command, request.body.version), SAVED);
    },
  );

  app.post(
    '/access-control/reset',
    {
      config: refusals,
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Restore the default access matrix (product-spec-2 §6)',
        response: { 200: ok(matrixSchema) },
      },
    },
    async (request) => {
      const command = { type: 'ResetAccessMatrix' as const, hospitalId: request.auth!.hospitalId };
      return success(await run(request, command), RESET);
    },
  );
}
