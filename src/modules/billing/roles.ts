/** Billing & Invoicing (spec-2 §6): the accountant (billing staff) and the admin; nobody else. */
export const BILLING_ROLES = ['admin', 'accountant'] as const;
export const BILLING_ONLY = 'Access denied. Billing staff or admin role required.';
