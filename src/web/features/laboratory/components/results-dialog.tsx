import { useRef, useState, type FormEvent } from 'react';
import { Form, Label, TextArea, TextField as AriaTextField } from 'react-aria-components';
import { analytesOf } from '../../../../shared/lab-codes';
import { Button } from '../../../components/button';
import { ComboField } from '../../../components/combo-field';
import fieldStyles from '../../../components/field.module.css';
import { Modal, ModalActions } from '../../../components/modal';
import { TextField } from '../../../components/text-field';
import { fieldErrorsOf } from '../../../lib/field-errors';
import { recordLabResults, type LabRequest } from '../api/lab-requests';
import { checkResults, flagOf, templateRows, type ResultRow, type RowErrors } from '../results-form';
import styles from './lab.module.css';

const flagText = (flag: 'H' | 'L', row: ResultRow) =>
  flag === 'H' ? `High: above ${row.high ?? ''}` : `Low: below ${row.low ?? ''}`;

type ResultsDialogProps = {
  request: LabRequest;
  /** The signed-in person's name: who conducted the test unless they say otherwise. */
  defaultConductedBy: string;
  onClose: () => void;
  onRecorded: (request: LabRequest, message: string) => void;
};

/**
 * Enter Results for one requested test: named values, each with an optional UCUM unit and reference
 * range, notes, and who conducted it. A panel of the coded catalogue starts as its template, one
 * line per analyte with unit and usual range (lines left empty are not sent); any other test starts
 * with one line named after it. A value outside its line's range is flagged H or L as it is typed.
 * The parameter field suggests the test's catalogue analytes (picking one fills its usual unit and
 * range) and takes any other name. Checked before sending; the server's refusal is shown above the
 * form, its field reasons beside their fields.
 */
export function ResultsDialog({ request, defaultConductedBy, onClose, onRecorded }: ResultsDialogProps) {
  const [initial] = useState(() => templateRows(request.testCode, request.testName));
  const next = useRef(initial.length);
  const analytes = analytesOf(request.testCode).map((a) => ({ id: a.code, label: a.name, hint: a.unit ?? a.code }));
  const [rows, setRows] = useState<ResultRow[]>(initial);
  const [notes, setNotes] = useState('');
  const [conductedBy, setConductedBy] = useState(defaultConductedBy);
  const [rowErrors, setRowErrors] = useState<RowErrors>({});
  const [fieldErrors, setFieldErrors] = useState<{ notes?: string; conductedBy?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const edit = (key: string, change: Partial<ResultRow>) => {
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setRowErrors((current) => (current[key] ? { ...current, [key]: {} } : current));
    setFailure(null);
  };
  const add = () => setRows((current) => [...current, { key: `r${next.current++}`, parameter: '', value: '' }]);
  const remove = (key: string) => setRows((current) => current.filter((r) => r.key !== key));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkResults(rows);
    if (!checked.ok) {
      setRowErrors(checked.rows);
      setFailure(checked.message);
      return;
    }
    setSaving(true);
    try {
      const saved = await recordLabResults(request.id, {
        results: checked.results,
        notes: notes.trim() || null,
        conductedBy: conductedBy.trim() || null,
      });
      onRecorded(saved.request, saved.message);
    } catch (e) {
      const placed: { notes?: string; conductedBy?: string } = {};
      for (const { field, message } of fieldErrorsOf(e)) {
        if (field === 'notes' || field === 'conductedBy') placed[field] ??= message;
      }
      setFieldErrors(placed);
      setFailure((e as Error).message);
      setSaving(false);
    }
  };

  return (
    <Modal title={`Enter Results: ${request.testName}`} isOpen onOpenChange={(open) => (open ? null : onClose())}>
      <Form className={styles.form} onSubmit={submit} aria-label="Enter results" validationBehavior="aria">
        <p className={styles.summary}>
          {request.patientName} · {request.testCode} · ordered by {request.orderedBy.name}
          {request.instructions ? ` · ${request.instructions}` : ''}
        </p>
        {failure ? (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        ) : null}
        {rows.map((row, i) => {
          const flag = flagOf(row);
          return (
            <div key={row.key} className={styles.resultRow}>
              <ComboField
                label={`Parameter ${i + 1}`}
                options={analytes}
                menuTrigger="focus"
                value={row.parameter}
                onChange={(parameter) => edit(row.key, { parameter })}
                onPick={(option) => {
                  const known = analytesOf(request.testCode).find((a) => a.code === option.id);
                  const fill: Partial<ResultRow> = { parameter: option.label };
                  if (known?.unit && !row.unit) fill.unit = known.unit;
                  if (known?.range && !row.low && !row.high) {
                    fill.low = known.range.low?.toString() ?? '';
                    fill.high = known.range.high?.toString() ?? '';
                  }
                  if (fill.unit !== undefined || fill.low !== undefined) edit(row.key, fill);
                }}
                error={rowErrors[row.key]?.parameter}
              />
              <TextField
                label={`Value ${i + 1}`}
                value={row.value}
                onChange={(value) => edit(row.key, { value })}
                error={rowErrors[row.key]?.value}
                placeholder="e.g. 13.2"
                aria-describedby={flag ? `${row.key}-flag` : undefined}
                trailing={
                  flag ? (
                    <span id={`${row.key}-flag`} className={styles.flag} data-flag={flag} title={flagText(flag, row)}>
                      <span aria-hidden="true">{flag}</span>
                      <span className="visually-hidden">{flagText(flag, row)}</span>
                    </span>
                  ) : null
                }
              />
              <div className={styles.measure}>
                <TextField
                  label={`Unit ${i + 1}`}
                  value={row.unit ?? ''}
                  onChange={(unit) => edit(row.key, { unit })}
                  placeholder="e.g. g/dL"
                />
                <TextField
                  label={`Range low ${i + 1}`}
                  value={row.low ?? ''}
                  onChange={(low) => edit(row.key, { low })}
                  error={rowErrors[row.key]?.range}
                  inputMode="decimal"
                />
                <TextField
                  label={`Range high ${i + 1}`}
                  value={row.high ?? ''}
                  onChange={(high) => edit(row.key, { high })}
                  inputMode="decimal"
                />
              </div>
              {rows.length > 1 ? (
                <Button
                  variant="ghost"
                  size="small"
                  className={styles.remove}
                  aria-label={`Remove result ${i + 1}`}
                  onPress={() => remove(row.key)}
                >
                  Remove
                </Button>
              ) : null}
            </div>
          );
        })}
        <div>
          <Button variant="secondary" size="small" onPress={add}>
            Add result value
          </Button>
        </div>
        <AriaTextField
          className={fieldStyles.field}
          value={notes}
          onChange={setNotes}
          isInvalid={!!fieldErrors.notes}
          validationBehavior="aria"
        >
          <Label className={fieldStyles.label}>Notes</Label>
          <TextArea className={`${fieldStyles.input} ${styles.textarea}`} />
          {fieldErrors.notes ? <span className={fieldStyles.error}>{fieldErrors.notes}</span> : null}
        </AriaTextField>
        <TextField label="Conducted By" value={conductedBy} onChange={setConductedBy} error={fieldErrors.conductedBy} />
        <ModalActions>
          <Button variant="secondary" onPress={onClose} isDisabled={saving}>
            Cancel
          </Button>
          <Button type="submit" isDisabled={saving}>
            {saving ? 'Saving...' : 'Save Results'}
          </Button>
        </ModalActions>
      </Form>
    </Modal>
  );
}
