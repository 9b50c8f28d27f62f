import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { SelectField } from '../../../components/select-field';
import { changePatientStatus } from '../api/change-patient-status';
import type { PatientDetail } from '../api/patient-schemas';
import { PATIENT_STATUSES, statusLabel } from '../../../lib/patient-statuses';
import { StatusBadge } from '../../../components/status-badge';
import styles from '../patients-page.module.css';

const OPTIONS = PATIENT_STATUSES.map((s) => ({ id: s, label: statusLabel(s) }));

type StatusControlProps = {
  patient: PatientDetail;
  canChange: boolean;
  onChanged: (patient: PatientDetail) => void;
};

/** The patient's status, and for clinicians a picker to move it (pinned to the version shown). */
export function StatusControl({ patient, canChange, onChanged }: StatusControlProps) {
  const [next, setNext] = useState(patient.status);
  const [saving, setSaving] = useState(false);

  async function apply() {
    setSaving(true);
    try {
      const { message, patient: saved } = await changePatientStatus(patient.id, next, patient.version, patient.name);
      toast.success(message);
      // Kept on this device: the patient shown stays as the server last said until it is sent.
      if (saved) onChanged(saved);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Failed to update patient status');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Panel title="Status" badge={<StatusBadge status={patient.status} />}>
      {canChange ? (
        <div className={styles.toolbar}>
          <div className={styles.filter}>
            <SelectField label="Change status" options={OPTIONS} value={next} onChange={setNext} />
          </div>
          <Button onPress={apply} isDisabled={saving || next === patient.status}>
            {saving ? 'Updating...' : 'Update Status'}
          </Button>
        </div>
      ) : (
        <p>Only doctors, nurses and admins change a patient&apos;s status.</p>
      )}
    </Panel>
  );
}
