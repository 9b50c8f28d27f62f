import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { shortDateTime } from '../../../lib/dates';
import type { LabRequest } from '../api/lab-requests';
import { resultLines } from '../results-form';
import styles from './result-sheet.module.css';
import { useHospitalTimeZone } from '../../../lib/hospital-time';

type ResultSheetProps = { request: LabRequest; hospitalName: string | null; onClose: () => void };

/** One completed test as a result sheet to read or print (the page behind it is hidden when printing). */
export function ResultSheet({ request: r, hospitalName, onClose }: ResultSheetProps) {
  const timeZone = useHospitalTimeZone();
  const lines = resultLines(r.results);
  const facts: [string, string][] = [
    ['Patient', r.patientName],
    ['Test', `${r.testName} (${r.testCode})`],
    ['Urgency', r.urgency],
    ['Ordered By', r.orderedBy.name],
    ['Ordered At', shortDateTime(r.orderedAt, timeZone)],
    ['Completed At', shortDateTime(r.completedAt, timeZone)],
    ['Conducted By', r.conductedBy ?? '—'],
    ['Request ID', r.id],
  ];
  return (
    <Modal title="Lab Result" isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <article className={styles.sheet} aria-label={`Lab result of ${r.testName} for ${r.patientName}`}>
        {hospitalName ? <p className={styles.hospital}>{hospitalName}</p> : null}
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label} className={styles.fact}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <table className={styles.results} aria-label="Results">
          <thead>
            <tr>
              <th scope="col">Parameter</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={line.parameter ?? `line-${i}`}>
                <td>{line.parameter ?? r.testName}</td>
                <td>{line.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {r.notes ? (
          <p className={styles.notes}>
            <strong>Notes: </strong>
            {r.notes}
          </p>
        ) : null}
      </article>
      <ModalActions>
        <Button variant="secondary" onPress={onClose}>
          Close
        </Button>
        <Button onPress={() => window.print()}>Print</Button>
      </ModalActions>
    </Modal>
  );
}
