import type { PlanUsage } from '../../../lib/plans';

/** Staff records and answers as GET /api/users and GET /api/users/stats give them, for component tests. */
export const ada = {
  _id: 'u-1',
  id: 'u-1',
  employeeId: 'EMP-0001',
  firstName: 'Ada',
  lastName: 'Obi',
  email: 'ada@clinic.ng',
  role: 'pharmacist',
  isActive: true,
  department: null,
  specialization: null,
  phone: null,
  version: 3,
};

export const tunde = {
  ...ada,
  _id: 'u-2',
  id: 'u-2',
  employeeId: 'EMP-0002',
  firstName: 'Tunde',
  lastName: 'Bello',
  email: 'tunde@clinic.ng',
  role: 'lab_technician',
  isActive: false,
};

export const page = (users: unknown[], pages = 1) => ({
  success: true,
  data: { users, pagination: { page: 1, limit: 10, total: users.length, pages } },
});

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

export const stats = (plan: unknown) => ({
  success: true,
  data: { totalUsers: 6, active: 6, inactive: 0, byRole: {}, plan },
});
