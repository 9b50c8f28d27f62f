import type { planUsage } from '../../shared/api/users';
import type { z } from './zod';

/**
 * The subscription plans as the app talks about them (product-spec-1 §9): the Hospital plan's
 * price, and how many of the plan's seats a hospital uses. Every account counts, the administrator
 * included; a deactivated account keeps its seat and deleting one frees it (the staff module's rule).
 */
export const HOSPITAL_MONTHLY_NAIRA = 5999;

/** Whole naira with the ₦ sign and thousands separators, e.g. ₦5,999. */
export function formatNaira(amount: number): string {
  return new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', maximumFractionDigits: 0 }).format(
    amount,
  );
}

/** GET /api/users/stats → data.plan; PUT /api/users/plan → data (maxUsers null: no limit). */
export type PlanUsage = z.output<typeof planUsage>;

/** 'N of 7 seats used (including you)', or 'N users (Hospital plan, unlimited)'. */
export function seatsLine(plan: PlanUsage): string {
  if (plan.maxUsers === null) {
    return `${plan.usedSeats} ${plan.usedSeats === 1 ? 'user' : 'users'} (${plan.name} plan, unlimited)`;
  }
  return `${plan.usedSeats} of ${plan.maxUsers} seats used (including you)`;
}

export function seatLimitReached(plan: PlanUsage): boolean {
  return plan.maxUsers !== null && plan.usedSeats >= plan.maxUsers;
}

/** The server's words when a plan is full. */
export function planLimitMessage(plan: PlanUsage): string {
  return `The ${plan.name} plan allows up to ${plan.maxUsers} users. Upgrade to the Hospital plan to add more.`;
}
