import { Button, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { shortDate } from '../../../lib/dates';
import type { Consultation } from '../api/consultation-schemas';
import { formatAmount } from '../consultation-draft';
import { medicationLine, resultText } from '../clinical-display';
import { DispensedTag, LabStatusTag, UrgencyTag } from './clinical-bits';
import styles from './consultation-record.module.css';
import clinical from './clinical.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

function vitalsLine(v: NonNullable<Consultation['vitals']>): string {
  const parts = [
    v.bloodPressure ? `BP ${v.bloodPressure} mmHg` : null,
    v.pulseRate != null ? `Pulse ${v.pulseRate} BPM` : null,
    v.temperature != null ? `Temp ${v.temperature} °${v.temperatureUnit ?? 'C'}` : null,
    v.weight != null ? `Weight ${v.weight} kg` : null,
  ];
  return parts.filter(Boolean).join(' · ') || '—';
}

/** One consultation of the medical records: its summary, expanding to everything recorded (spec-2 §2). */
export function ConsultationRecord({
  consultation: c,
  defaultExpanded = false,
}: {
  consultation: Consultation;
  defaultExpanded?: boolean;
}) {
  const timeZone = useHospitalTimeZone();
  const results = c.labOrders.filter((o) => o.completed);
  return (
    <Disclosure className={styles.record} defaultExpanded={defaultExpanded}>
      <Heading level={3} className={styles.heading}>
        <Button slot="trigger" className={styles.trigger}>
          <span className={styles.chevron} aria-hidden="true">
            ▸
          </span>
          <span className={styles.summary}>
            <span className={styles.date}>{shortDate(c.consultationDate, timeZone)}</span>
            <span>{c.doctor.name}</span>
            <span className={styles.complaint}>{c.chiefComplaint}</span>
            <span className={styles.diagnosis}>{c.primaryDiagnosis}</span>
          </span>
        </Button>
      </Heading>
      <DisclosurePanel className={styles.panel}>
        <dl className={clinical.facts}>
          <dt>Vitals</dt>
          <dd>{c.vitals ? vitalsLine(c.vitals) : 'Not taken'}</dd>
          <dt>Complaint</dt>
          <dd>{c.chiefComplaint}</dd>
          <dt>Diagnosis</dt>
          <dd>{c.primaryDiagnosis}</dd>
          <dt>Doctor note</dt>
          <dd>{c.doctorNotes ?? '—'}</dd>
          <dt>Prescriptions</dt>
          <dd>
            {c.prescriptions.length === 0 ? (
              'None'
            ) : (
              <ul className={clinical.list}>
                {c.prescriptions.map((m) => (
                  <li key={m.index} className={clinical.item}>
                    <span>
                      {medicationLine(m)}
                      {m.instructions ? ` · ${m.instructions}` : ''}
                    </span>
                    <DispensedTag medication={m} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Test request</dt>
          <dd>
            {c.labOrders.length === 0 ? (
              'None'
            ) : (
              <ul className={clinical.list}>
                {c.labOrders.map((o) => (
                  <li key={o.id} className={clinical.item}>
                    <span>{o.testName}</span>
                    <span>
                      <UrgencyTag urgency={o.urgency} /> <LabStatusTag order={o} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Test result</dt>
          <dd>
            {results.length === 0 ? (
              'No results yet'
            ) : (
              <ul className={clinical.list}>
                {results.map((o) => (
                  <li key={o.id} className={clinical.item}>
                    <span>
                      <strong>{o.testName}:</strong> {resultText(o.results)}
                      {o.notes ? ` (${o.notes})` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt>Billing</dt>
          <dd>
            Fee {formatAmount(c.billing.consultationFee)}
            {c.billing.additionalCharges.map((a, i) => (
              <span key={i}>
                {' '}
                + {a.description ?? 'Charge'} {formatAmount(a.amount)}
              </span>
            ))}{' '}
            = <strong>Total {formatAmount(c.billing.totalAmount)}</strong>
          </dd>
        </dl>
      </DisclosurePanel>
    </Disclosure>
  );
}
