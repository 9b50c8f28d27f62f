import { PageHeading } from '../../components/page-heading';
import { Panel } from '../../components/panel';
import { LabCatalogue } from './components/lab-catalogue';
import styles from './laboratory-pages.module.css';

/** /user/lab-catalogue (issue 34 §1): the lab's tests and their prices, set here by the lab. */
export default function LabCataloguePage() {
  return (
    <div className={styles.page}>
      <PageHeading title="Test Catalogue" />
      <Panel title="Tests and prices">
        <LabCatalogue />
      </Panel>
    </div>
  );
}
