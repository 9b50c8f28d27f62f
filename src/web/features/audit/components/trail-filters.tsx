import { ROLE_LABELS } from '../../../lib/roles';
import { SelectField, type SelectOption } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import type { TrailActor, TrailFilters } from '../api/trail-api';
import styles from './trail-filters.module.css';

/** The action types a reviewer filters by most; any other type still shows in 'All actions'. */
export const ACTION_OPTIONS: SelectOption[] = [
  { id: '', label: 'All actions' },
  { id: 'RecordAccessed', label: 'Record viewed' },
  { id: 'AccessRefused', label: 'Access refused' },
  { id: 'PatientRegistered', label: 'Patient registered' },
  { id: 'PatientDetailsEdited', label: 'Patient edited' },
  { id: 'PatientStatusChanged', label: 'Status changed' },
  { id: 'VitalsRecorded', label: 'Vitals recorded' },
  { id: 'PatientRecordDeleted', label: 'Patient deleted' },
  { id: 'LoginSucceeded', label: 'Signed in' },
  { id: 'LoginFailed', label: 'Failed sign-in' },
  { id: 'AccountLocked', label: 'Account locked' },
  { id: 'PasswordChanged', label: 'Password changed' },
  { id: 'StaffMemberCreated', label: 'Staff added' },
  { id: 'StaffMemberUpdated', label: 'Staff updated' },
  { id: 'StaffMemberDeleted', label: 'Staff deleted' },
];

const SUBJECT_OPTIONS: SelectOption[] = [
  { id: '', label: 'All subjects' },
  { id: 'patient', label: 'Patients' },
  { id: 'user', label: 'Users' },
  { id: 'hospital', label: 'Hospital' },
  { id: 'consultation', label: 'Consultations' },
  { id: 'prescription', label: 'Prescriptions' },
  { id: 'lab request', label: 'Lab requests' },
  { id: 'invoice', label: 'Invoices' },
];

const ROLE_OPTIONS: SelectOption[] = [
  { id: '', label: 'All roles' },
  ...Object.entries(ROLE_LABELS).map(([id, label]) => ({ id, label })),
];

type Props = {
  value: TrailFilters;
  actors: TrailActor[];
  onChange: (next: TrailFilters) => void;
};

/** Date range, actor, role, action type, subject and free text; each change reloads from the first page. */
export function TrailFilterBar({ value, actors, onChange }: Props) {
  const set = (key: keyof TrailFilters) => (v: string) => onChange({ ...value, [key]: v });
  const actorOptions: SelectOption[] = [
    { id: '', label: 'Everyone' },
    ...actors.map((a) => ({
      id: a.id,
      label: `${a.name} (${ROLE_LABELS[a.role as keyof typeof ROLE_LABELS] ?? a.role})`,
    })),
  ];
  return (
    <div className={styles.bar} role="search" aria-label="Filter the audit trail">
      <TextField label="From" type="date" value={value.from} onChange={set('from')} className={styles.date} />
      <TextField label="To" type="date" value={value.to} onChange={set('to')} className={styles.date} />
      <SelectField label="Actor" options={actorOptions} value={value.actorId} onChange={set('actorId')} />
      <SelectField label="Role" options={ROLE_OPTIONS} value={value.role} onChange={set('role')} />
      <SelectField label="Action" options={ACTION_OPTIONS} value={value.action} onChange={set('action')} />
      <SelectField label="Subject" options={SUBJECT_OPTIONS} value={value.subjectType} onChange={set('subjectType')} />
      <TextField
        label="Search"
        type="search"
        value={value.q}
        onChange={set('q')}
        placeholder="Name, action or ID"
        className={styles.search}
      />
    </div>
  );
}
