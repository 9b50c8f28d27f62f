import type { PatientRecord } from '../api/history-api';
import { dateTime } from '../timeline';
import styles from './patient-record-card.module.css';

/** The record's fields as they stood (now, or as of the picked instant). */
export function PatientRecordCard({ record, timeZone }: { record: PatientRecord; timeZone: string }) {
  const v = record.vitals;
  const vitals = v
    ? [
        v.bloodPressure && `BP ${v.bloodPressure}`,
        v.pulseRate !== null && `pulse ${v.pulseRate}`,
        v.temperature !== null && `temp ${v.temperature} °${v.temperatureUnit}`,
        v.weight !== null && `${v.weight} kg`,
        v.height !== null && `${v.height} cm`,
        v.respiratoryRate !== null && `resp. ${v.respiratoryRate}`,
        v.oxygenSaturation !== null && `SpO₂ ${v.oxygenSaturation}%`,
      ]
        .filter(Boolean)
        .join(', ')
    : 'None recorded';
  const facts: [string, string][] = [
    ['Name', record.name],
    ['Status', record.status],
    ['Date of birth', `${record.dateOfBirth} (${record.age} years)`],
    ['Gender', record.gender],
    ['Phone', record.phoneNumber],
    ['Address', record.address],
    ['ID number', record.identificationNumber],
    [
      'Emergency contact',
      [record.emergencyContact.name, record.emergencyContact.relationship, record.emergencyContact.phoneNumber]
        .filter(Boolean)
        .join(' · '),
    ],
    ['Last vitals', vitals],
    ['Version', `${record.version}, last changed ${dateTime(record.updatedAt, timeZone)}`],
  ];
  return (
    <dl className={styles.card}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.fact}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
