import type { AppModule } from '../../platform/platform';
import { staffNotifications } from './live-notifications';
import { hospitalPlansProjection } from './read-models/hospital-plans';
import { staffDirectoryProjection } from './read-models/staff-directory';
import { staffRoutes } from './routes';

/**
 * Staff management: an admin creates, edits, deactivates and deletes the hospital's staff
 * accounts. The events below are the module's public contract (identity builds login
 * accounts from them); everything else here is internal.
 */
export type {
  StaffMemberCreated,
  StaffMemberUpdated,
  StaffMemberDeactivated,
  StaffMemberReactivated,
  StaffMemberDeleted,
  StaffMemberEvent,
} from './staff-member';
export { staffMemberEventSchemas, staffStream } from './staff-member';
export type { HospitalPlanChanged } from './directory';
export { ROLE_CODES, ROLE_IDS, ROLE_LABELS, STAFF_ROLES, parseRole, type RoleCode, type StaffRole } from './roles';
export { STAFF_DIRECTORY } from './read-models/staff-directory';

export const staffModule: AppModule = {
  name: 'staff',
  routes: staffRoutes,
  projections: [staffDirectoryProjection, hospitalPlansProjection],
  liveConsumers: (platform) => [staffNotifications(platform)],
};
