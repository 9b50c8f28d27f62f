/** The subscription plans' codes (product-spec-1 §9), shared by the staff module and its contract. */
export const PLAN_CODES = ['clinic', 'hospital', 'enterprise'] as const;
export type PlanCode = (typeof PLAN_CODES)[number];
