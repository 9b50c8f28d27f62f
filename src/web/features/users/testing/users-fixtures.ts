import {
  changePlanEndpoint,
  createUserEndpoint,
  deleteUserEndpoint,
  updateUserEndpoint,
  usersEndpoint,
  userStatsEndpoint,
} from '../../../../shared/api/users';
import type { PlanUsage } from '../../../lib/plans';
import { answer } from '../../../lib/testing/fake-api';
import type { StaffUser } from '../api/users-api';

/** Staff records and answers as GET /api/users and GET /api/users/stats give them, for component tests. */
export const ada: StaffUser = {
  _id: 'u-1',
  id: 'u-1',
  employeeId: 'EMP-0001',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@clinic.ng',
  role: 'pharmacist',
  roleId: 5,
  roleLabel: 'Pharmacist',
  isActive: true,
  department: null,
  specialization: null,
  phone: null,
  version: 3,
  createdAt: '2026-03-01T09:00:00.000Z',
  lastSignInAt: '2026-03-02T08:00:00.000Z',
};

export const tunde: StaffUser = {
  ...ada,
  _id: 'u-2',
  id: 'u-2',
  employeeId: 'EMP-0002',
  firstName: 'Tunde',
  lastName: 'Bello',
  email: 'tunde@clinic.ng',
  role: 'lab_technician',
  roleId: 4,
  roleLabel: 'Lab Staff',
  isActive: false,
};

/** GET /api/users: one page of `users`. */
export const page = (users: StaffUser[], pages = 1) =>
  answer(usersEndpoint, { users, pagination: { page: 1, limit: 10, total: users.length, pages } });

export const clinicPlan = (usedSeats: number): PlanUsage => ({
  code: 'clinic',
  name: 'Clinic',
  maxUsers: 7,
  usedSeats,
});
export const hospitalPlan = (usedSeats: number): PlanUsage => ({
  code: 'hospital',
  name: 'Hospital',
  maxUsers: null,
  usedSeats,
});

/** GET /api/users/stats with `plan`: six active accounts. */
export const stats = (plan: PlanUsage) =>
  answer(userStatsEndpoint, { totalUsers: 6, active: 6, inactive: 0, byRole: { doctor: 3, nurse: 3 }, plan });

/** PUT /api/users/plan: the plan now. */
export const planChanged = (plan: PlanUsage) => answer(changePlanEndpoint, plan, 'Plan updated successfully');

/** POST /api/users: 201 with the new account (Ngozi, invited) and the server's words. */
export const created = (message = 'User created successfully! Invitation email sent.', invitationSent = true) => ({
  status: 201,
  ...answer(
    createUserEndpoint,
    {
      user: {
        ...ada,
        _id: 'u-9',
        id: 'u-9',
        employeeId: 'EMP-0009',
        firstName: 'Ngozi',
        lastSignInAt: null,
        version: 1,
      },
      invitationSent,
    },
    message,
  ),
});

/** PUT /api/users/:id: the account as saved. */
export const updated = (user: StaffUser) =>
  answer(updateUserEndpoint, { user: { ...user, version: user.version + 1 } }, 'User updated successfully');

/** DELETE /api/users/:id. */
export const deleted = () => answer(deleteUserEndpoint, undefined, 'User deleted successfully');
