import type { LabRequest } from '../api/lab-requests';
import styles from './lab.module.css';

/** A test as the lab names it: the catalogue name with its code beneath. */
export function TestCell({ request }: { request: Pick<LabRequest, 'testName' | 'testCode'> }) {
  return (
    <span className={styles.test}>
      <span>{request.testName}</span>
      <span className={styles.code}>{request.testCode}</span>
    </span>
  );
}
