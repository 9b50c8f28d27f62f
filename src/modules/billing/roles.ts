/** Billing & Invoicing (spec-2 §6): the accountant (billing staff) and the admin; nobody else. */
export const BILLING_ROLES = ['admin', 'accountant'] as const;
export const BILLING_ONLY = 'Access denied. Billing staff or admin role required.';
/** Every billing route belongs to Billing & Invoicing in the hospital's access matrix (product-spec-2 §6). */
export const BILLING_MODULE = { accessModule: 'billing' } as const;
