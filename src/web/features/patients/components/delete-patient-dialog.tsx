import { ConfirmDialog } from '../../../components/confirm-dialog';
import { deletePatient } from '../api/delete-patient';

type DeletePatientDialogProps = {
  patient: { id: string; name: string } | null;
  onClose: () => void;
  onDeleted: (message: string) => void;
};

/** Delete with confirmation (product-spec-2 §8): the question, then the call; failures stay in the dialog. */
export function DeletePatientDialog({ patient, onClose, onDeleted }: DeletePatientDialogProps) {
  return (
    <ConfirmDialog
      title="Delete Patient"
      isOpen={!!patient}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onClose={onClose}
      onConfirm={async () => {
        if (!patient) return;
        await deletePatient(patient.id);
        onDeleted('Patient deleted successfully');
      }}
    >
      <p>
        Are you sure you want to delete this patient? This action cannot be undone.
        {patient ? (
          <>
            {' '}
            <strong>{patient.name}</strong> will leave every list; the record&apos;s history is kept.
          </>
        ) : null}
      </p>
    </ConfirmDialog>
  );
}
