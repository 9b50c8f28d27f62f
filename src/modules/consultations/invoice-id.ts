/**
 * The invoice billing raises for a consultation (its fee and charges, later its dispensing and lab
 * lines) carries the consultation's own id: the consultation's answer names it before billing's
 * reactor has run, and a replay finds the same invoice instead of raising another.
 */
export const consultationInvoiceId = (consultationId: string): string => consultationId;
