/**
 * Subscription plans (product-spec-1 §9). Every hospital starts on the free Clinic plan.
 *
 * "Up to 7 users" counts every account of the hospital that is not deleted, the onboarding
 * administrator included, so a Clinic hospital has room for the admin and six staff. A
 * deactivated account still holds its seat (it can be reactivated at any time); deleting frees it.
 */
import { PLAN_CODES, type PlanCode } from '../../shared/plans';

export { PLAN_CODES, type PlanCode };

export const PLANS: Record<PlanCode, { name: string; maxUsers: number | null }> = {
  clinic: { name: 'Clinic', maxUsers: 7 },
  hospital: { name: 'Hospital', maxUsers: null },
  enterprise: { name: 'Enterprise', maxUsers: null },
};

export const DEFAULT_PLAN: PlanCode = 'clinic';

/** Accounts outside the staff directory that count towards the limit: the onboarding admin. */
export const ADMIN_SEATS = 1;

export function parsePlan(value: unknown): PlanCode {
  return typeof value === 'string' && (PLAN_CODES as readonly string[]).includes(value)
    ? (value as PlanCode)
    : DEFAULT_PLAN;
}

export function planLimitMessage(plan: PlanCode): string {
  const { name, maxUsers } = PLANS[plan];
  return `The ${name} plan allows up to ${maxUsers} users. Upgrade to the Hospital plan to add more.`;
}
