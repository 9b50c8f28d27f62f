/**
 * A type-only mirror of the staff module's events (stream `staff-<userId>`, metadata.hospitalId
 * set), which identity projects into login accounts. The staff module owns them; keep this file
 * in step with src/modules/staff (or replace it with a type import from its index.ts).
 */
export type StaffRoleCode =
  'admin' | 'doctor' | 'nurse' | 'receptionist' | 'lab_technician' | 'pharmacist' | 'accountant';

export type StaffMemberCreated = {
  type: 'StaffMemberCreated';
  data: {
    userId: string;
    hospitalId: string;
    employeeId: string;
    firstName: string;
    lastName: string;
    /** Lowercase. */
    email: string;
    role: StaffRoleCode;
    /** argon2id hash of the generated temporary password. */
    passwordHash: string;
    department: string | null;
    specialization: string | null;
    phone: string | null;
  };
};
/** Full new values, not a diff. */
export type StaffMemberUpdated = {
  type: 'StaffMemberUpdated';
  data: { userId: string; firstName: string; lastName: string; email: string; role: StaffRoleCode };
};
export type StaffMemberDeactivated = { type: 'StaffMemberDeactivated'; data: { userId: string } };
export type StaffMemberReactivated = { type: 'StaffMemberReactivated'; data: { userId: string } };
export type StaffMemberDeleted = { type: 'StaffMemberDeleted'; data: { userId: string } };

export type StaffMemberEvent =
  StaffMemberCreated | StaffMemberUpdated | StaffMemberDeactivated | StaffMemberReactivated | StaffMemberDeleted;
