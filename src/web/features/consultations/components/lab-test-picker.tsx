import { useState } from 'react';
import { Button } from '../../../components/button';
import { SelectField } from '../../../components/select-field';
import { TextField } from '../../../components/text-field';
import { LAB_TEST_CATALOGUE, LAB_URGENCIES } from '../../../../shared/lab-tests';
import { labTestRefusal, type LabCode, type LabTestDraft, type LabUrgency } from '../consultation-draft';
import styles from './consultation-form.module.css';

type Props = {
  tests: LabTestDraft[];
  error: string | null;
  onChange: (tests: LabTestDraft[]) => void;
  onError: (message: string | null) => void;
};

const TESTS = LAB_TEST_CATALOGUE.map((t) => ({ id: t.code, label: `${t.name} (${t.code})` }));
const URGENCIES = LAB_URGENCIES.map((u) => ({ id: u, label: u }));
const nameOf = (code: LabCode) => LAB_TEST_CATALOGUE.find((t) => t.code === code)!.name;

/** The §9 catalogue with urgency Routine (default), Urgent or STAT; each test once (§5). */
export function LabTestPicker({ tests, error, onChange, onError }: Props) {
  const [code, setCode] = useState<LabCode | ''>('');
  const [urgency, setUrgency] = useState<LabUrgency>('Routine');
  const [instructions, setInstructions] = useState('');

  const add = () => {
    const refusal = labTestRefusal(tests, code);
    if (refusal || !code) {
      onError(refusal);
      return;
    }
    onChange([...tests, { testCode: code, urgency, instructions }]);
    setCode('');
    setUrgency('Routine');
    setInstructions('');
    onError(null);
  };

  return (
    <fieldset className={styles.section}>
      <legend className={styles.legend}>Lab Tests</legend>
      <div className={styles.grid}>
        <SelectField
          label="Lab test"
          options={TESTS}
          value={code}
          onChange={(v) => {
            setCode(v as LabCode);
            onError(null);
          }}
          error={error}
        />
        <SelectField
          label="Urgency"
          options={URGENCIES}
          value={urgency}
          onChange={(v) => setUrgency(v as LabUrgency)}
        />
        <TextField
          label="Test instructions (optional)"
          value={instructions}
          onChange={setInstructions}
          className={styles.wide}
        />
      </div>
      <Button variant="secondary" size="small" onPress={add}>
        Add Lab Test
      </Button>
      {tests.length > 0 ? (
        <ul className={styles.chips} aria-label="Ordered lab tests">
          {tests.map((t) => (
            <li key={t.testCode} className={styles.chip}>
              <span>
                {nameOf(t.testCode)} · <strong>{t.urgency}</strong>
                {t.instructions.trim() ? ` · ${t.instructions.trim()}` : ''}
              </span>
              <Button
                variant="ghost"
                size="small"
                aria-label={`Remove ${nameOf(t.testCode)}`}
                onPress={() => onChange(tests.filter((x) => x.testCode !== t.testCode))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
