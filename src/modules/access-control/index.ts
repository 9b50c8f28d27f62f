import type { AppModule, Platform } from '../../platform/platform';
import { accessControlContracts } from './events';
import { AccessMatrixCache } from './policy';
import { accessMatrixProjection } from './read-models/access-matrix';
import { accessControlRoutes } from './routes';

/**
 * Access control (product-spec-2 §6, issue 13): each hospital's module × role matrix, saved and
 * reset by its administrator as events, and the policy the platform checks on every route that
 * names its module (`config: { accessModule: 'pharmacy' }`, src/platform/http/module-access.ts).
 */
export { accessControlContracts } from './events';
export type * from './events';
export { ACCESS_POLICY } from './policy';

export function createAccessControlModule(): AppModule {
  // One cache per running application (tests run several in one process).
  const caches = new WeakMap<Platform, AccessMatrixCache>();
  const cacheFor = (platform: Platform) => {
    let cache = caches.get(platform);
    if (!cache) caches.set(platform, (cache = new AccessMatrixCache(platform.db)));
    return cache;
  };
  return {
    name: 'access-control',
    events: accessControlContracts,
    projections: [accessMatrixProjection],
    liveConsumers: (platform) => [cacheFor(platform).consumer()],
    accessPolicy: (platform) => cacheFor(platform).policy,
    routes: accessControlRoutes,
  };
}

export const accessControlModule = createAccessControlModule();
