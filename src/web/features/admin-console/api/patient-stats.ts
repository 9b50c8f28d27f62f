// GET /api/patients/stats has one client, shared with the dashboards (src/web/lib/patient-stats.ts).
export { fetchPatientStats, type PatientStats } from '../../../lib/patient-stats';
