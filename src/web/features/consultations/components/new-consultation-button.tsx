import { useState } from 'react';
import { Button } from '../../../components/button';
import type { Consultation } from '../api/consultation-schemas';
import { NewConsultationDrawer } from './new-consultation-drawer';

/** The New Consultation button and its slide-in panel, for a page other than Medical Records (issue 34 §6). */
export function NewConsultationButton(props: { patientId: string; onSaved: (c: Consultation) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>New Consultation</Button>
      <NewConsultationDrawer patientId={props.patientId} isOpen={open} onOpenChange={setOpen} onSaved={props.onSaved} />
    </>
  );
}
