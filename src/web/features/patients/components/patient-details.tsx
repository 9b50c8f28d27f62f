import { Panel } from '../../../components/panel';
import { calendarDate, shortDate } from '../../../lib/dates';
import type { PatientDetail, Vitals } from '../api/patient-schemas';
import { lastVitals } from '../vitals-display';
import { StatusBadge } from '../../../components/status-badge';
import styles from './patient-details.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

const NOT_PROVIDED = 'Not provided';

function Item({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className={styles.item}>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Name, id, age, gender, phone, date registered, address and status (product-spec-2 §2). */
export function PatientSummary({ patient }: { patient: PatientDetail }) {
  const timeZone = useHospitalTimeZone();
  return (
    <Panel title="Patient Details">
      <dl className={styles.list}>
        <Item term="Name">{patient.name}</Item>
        <Item term="Patient ID">{patient.identificationNumber}</Item>
        <Item term="Age">{patient.age ?? '—'}</Item>
        <Item term="Gender">{patient.gender}</Item>
        <Item term="Date of Birth">{calendarDate(patient.dateOfBirth)}</Item>
        <Item term="Phone">{patient.phoneNumber}</Item>
        <Item term="Date Registered">{shortDate(patient.dateRegistered, timeZone)}</Item>
        <Item term="Address">{patient.address}</Item>
        <Item term="Status">
          <StatusBadge status={patient.status} />
        </Item>
      </dl>
    </Panel>
  );
}

/** Emergency contact: blanks read 'Not provided'; the phone falls back to the patient's. */
export function EmergencyContact({ patient }: { patient: PatientDetail }) {
  const contact = patient.emergencyContact;
  return (
    <Panel title="Emergency Contact">
      <dl className={styles.list}>
        <Item term="Name">{contact.name || NOT_PROVIDED}</Item>
        <Item term="Relationship">{contact.relationship || NOT_PROVIDED}</Item>
        <Item term="Phone">{contact.phoneNumber || patient.phoneNumber}</Item>
      </dl>
    </Panel>
  );
}

/** Last vitals: blood pressure, pulse (BPM), weight (LB), temperature (°F) (product-spec-2 §2). */
export function LastVitals({ vitals }: { vitals: Vitals | null }) {
  const timeZone = useHospitalTimeZone();
  return (
    <Panel title="Last Vitals">
      {vitals ? (
        <>
          <dl className={styles.list}>
            {lastVitals(vitals).map((reading) => (
              <Item key={reading.label} term={reading.label}>
                {reading.value}
              </Item>
            ))}
          </dl>
          <p className={styles.note}>
            Recorded {shortDate(vitals.recordedAt, timeZone)}
            {vitals.recordedBy ? ` by ${vitals.recordedBy.name}` : ''}
          </p>
        </>
      ) : (
        <p className={styles.note}>No vitals recorded yet.</p>
      )}
    </Panel>
  );
}
