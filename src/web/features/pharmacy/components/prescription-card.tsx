import { Button as AriaButton, Disclosure, DisclosurePanel, Heading } from 'react-aria-components';
import { Button } from '../../../components/button';
import { shortDate } from '../../../lib/dates';
import type { PendingPrescription } from '../api/prescriptions';
import styles from './prescription-card.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

type PrescriptionCardProps = {
  prescription: PendingPrescription;
  onDispense: (prescription: PendingPrescription) => void;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * One pending prescription (product-spec-2 §2): patient, prescriber and date in the header, the
 * medications in the expandable part; Dispense Medication stays reachable without expanding.
 */
export function PrescriptionCard({ prescription: p, onDispense }: PrescriptionCardProps) {
  const timeZone = useHospitalTimeZone();
  const left = p.medications.filter((m) => !m.dispensed);
  return (
    <article className={styles.card} aria-label={`Prescription for ${p.patientName}`}>
      <Disclosure className={styles.disclosure}>
        <Heading level={3} className={styles.heading}>
          <AriaButton slot="trigger" className={styles.trigger}>
            <span className={styles.chevron} aria-hidden="true" />
            <span className={styles.summary}>
              <span className={styles.patient}>{p.patientName}</span>{' '}
              <span className={styles.meta}>
                Prescribed by {p.prescribedBy} · {shortDate(p.dateIssued, timeZone)} ·{' '}
                {plural(left.length, 'medication')}
              </span>
            </span>
          </AriaButton>
        </Heading>
        <DisclosurePanel className={styles.panel}>
          {p.diagnosis ? (
            <p className={styles.diagnosis}>
              <span className={styles.term}>Diagnosis:</span> {p.diagnosis}
            </p>
          ) : null}
          <ul className={styles.medications} aria-label="Medications">
            {p.medications.map((m, i) => (
              <li key={`${m.name}-${i}`} className={styles.medication}>
                <span className={styles.name}>
                  {m.name}
                  {m.dispensed ? <span className={styles.done}> (dispensed)</span> : null}
                </span>
                <dl className={styles.facts}>
                  <Fact term="Dosage" value={m.dosage} />
                  <Fact term="Frequency" value={m.frequency} />
                  <Fact term="Duration" value={m.duration} />
                  <Fact term="Quantity" value={String(m.quantity)} />
                </dl>
                {m.instructions ? <p className={styles.instructions}>{m.instructions}</p> : null}
              </li>
            ))}
          </ul>
        </DisclosurePanel>
      </Disclosure>
      <div className={styles.actions}>
        <Button size="small" onPress={() => onDispense(p)} aria-label={`Dispense Medication for ${p.patientName}`}>
          Dispense Medication
        </Button>
      </div>
    </article>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div className={styles.fact}>
      <dt>{term}</dt>
      <dd>{value || '—'}</dd>
    </div>
  );
}
