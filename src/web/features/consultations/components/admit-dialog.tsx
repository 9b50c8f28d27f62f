import { useState } from 'react';
import { toast } from 'react-toastify';
import { Banner } from '../../../components/banner';
import { Button } from '../../../components/button';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { sameNames, useFormErrors } from '../../../lib/field-errors';
import { WARD_REQUIRED } from '../../../../shared/api/patient-inputs';
import { admitPatient, type RecordsPatient } from '../api/patient-admission';

type Props = {
  patient: RecordsPatient;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onAdmitted: (patient: RecordsPatient) => void;
};

const FIELDS = ['ward', 'reason'] as const;

/** Admit: the ward (required) and the reason, recorded as the patient's admission. */
export function AdmitDialog({ patient, isOpen, onOpenChange, onAdmitted }: Props) {
  const [ward, setWard] = useState('');
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const form = useFormErrors(sameNames(FIELDS));

  const close = () => {
    setWard('');
    setReason('');
    form.reset();
    onOpenChange(false);
  };

  async function admit() {
    if (!ward.trim()) {
      form.setErrors({ ward: WARD_REQUIRED });
      return;
    }
    setSaving(true);
    try {
      const result = await admitPatient(patient.id, { ward: ward.trim(), reason: reason.trim() || null });
      toast.success(result.message);
      onAdmitted(result.patient);
      close();
    } catch (e) {
      form.fail(e, e instanceof Error ? e.message : 'Failed to admit patient');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal title={`Admit ${patient.name}`} isOpen={isOpen} onOpenChange={(open) => (open ? null : close())}>
      {form.failure ? <Banner tone="error">{form.failure}</Banner> : null}
      <TextField
        label="Ward"
        isRequired
        autoFocus
        value={ward}
        onChange={(v) => {
          setWard(v);
          form.clearField('ward');
        }}
        error={form.errors.ward}
      />
      <TextField
        label="Reason (optional)"
        value={reason}
        onChange={(v) => {
          setReason(v);
          form.clearField('reason');
        }}
        error={form.errors.reason}
      />
      <ModalActions>
        <Button variant="secondary" onPress={close} isDisabled={saving}>
          Cancel
        </Button>
        <Button onPress={admit} isDisabled={saving}>
          {saving ? 'Admitting...' : 'Admit Patient'}
        </Button>
      </ModalActions>
    </Modal>
  );
}
