import type { AppModule } from '../platform/platform';
import { accessControlModule } from './access-control';
import { appointmentsModule } from './appointments';
import { auditModule } from './audit';
import { billingModule } from './billing';
import { consultationsModule } from './consultations';
import { hospitalsModule } from './hospitals';
import { identityModule } from './identity';
import { notificationsModule } from './notifications';
import { patientsModule } from './patients';
import { laboratoryModule } from './laboratory';
import { pharmacyModule } from './pharmacy';
import { staffModule } from './staff';

/** Every domain module, in registration order. Each is imported through its index.ts only. */
export const modules: AppModule[] = [
  identityModule,
  hospitalsModule,
  staffModule,
  patientsModule,
  pharmacyModule,
  laboratoryModule,
  consultationsModule,
  appointmentsModule,
  billingModule,
  notificationsModule,
  auditModule,
  accessControlModule,
];
