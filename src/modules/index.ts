import type { AppModule } from '../platform/platform';
import { hospitalsModule } from './hospitals';
import { identityModule } from './identity';
import { notificationsModule } from './notifications';
import { patientsModule } from './patients';
import { staffModule } from './staff';

/** Every domain module, in registration order. Each is imported through its index.ts only. */
export const modules: AppModule[] = [identityModule, hospitalsModule, staffModule, patientsModule, notificationsModule];
