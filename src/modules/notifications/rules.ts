import type { HospitalAnnouncementMade } from './events';
import { APPOINTMENT_RULES } from './appointment-rules';
import { BILLING_RULES } from './billing-rules';
import { CLINICAL_RULES } from './clinical-rules';
import { by, defineRules, type Rule } from './draft';
import { PATIENT_RULES } from './patient-rules';
import { STAFF_RULES } from './staff-rules';

export type { Draft, Lookups, PatientRef, StaffRef } from './draft';
export { statusPriority } from './patient-rules';

/** A hospital announcement: news for everyone in the hospital. */
const ANNOUNCEMENT_RULES = defineRules<HospitalAnnouncementMade>({
  HospitalAnnouncementMade: async (e) => {
    const announcement = { id: e.data.announcementId, message: e.data.message, priority: e.data.priority };
    return [
      {
        type: 'hospital_announcement',
        title: 'Hospital Announcement',
        message: e.data.message,
        priority: e.data.priority,
        data: { announcement, announcedBy: by(e), message: e.data.message },
      },
    ];
  },
});

/**
 * Event type → the server messages it becomes (product-spec-1 §3 payloads, §4/§9 priorities),
 * each module's events in its own file. Who receives each message is visibility.ts's business;
 * this table only says what it says.
 */
export const RULES: Readonly<Record<string, Rule>> = {
  ...PATIENT_RULES,
  ...STAFF_RULES,
  ...ANNOUNCEMENT_RULES,
  ...CLINICAL_RULES,
  ...BILLING_RULES,
  ...APPOINTMENT_RULES,
};

/** The event types that may produce a notification. */
export const NOTIFYING_EVENTS: ReadonlySet<string> = new Set(Object.keys(RULES));
