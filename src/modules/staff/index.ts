import type { AppModule } from '../../platform/platform';
import { staffContracts } from './events';
import { seatReleaseReactor } from './reactors/seat-release';
import { hospitalPlansProjection } from './read-models/hospital-plans';
import { staffDirectoryProjection } from './read-models/staff-directory';
import { staffRoutes } from './routes';

/**
 * Staff management: an admin hires, edits, deactivates and deletes the hospital's staff. The
 * events are the module's public contract; login accounts are identity's, staged through its
 * index in the same commits.
 */
export { staffContracts } from './events';
export type * from './events';
export { staffStream } from './staff-member';
export { ROLE_CODES, ROLE_IDS, ROLE_LABELS, STAFF_ROLES, parseRole, type RoleCode, type StaffRole } from './roles';
export { staffDirectoryProjection as STAFF_DIRECTORY } from './read-models/staff-directory';
export { SEAT_RELEASE } from './reactors/seat-release';
// The appointment book picks doctors from the directory.
export { findStaff, listStaff } from './read-models/staff-directory';

export const staffModule: AppModule = {
  name: 'staff',
  events: staffContracts,
  routes: staffRoutes,
  projections: [staffDirectoryProjection, hospitalPlansProjection],
  reactors: (platform) => [seatReleaseReactor(platform)],
};
