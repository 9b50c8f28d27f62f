import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import styles from './status-chips.module.css';

export type Chip = { id: string; label: string };

/** One-of-many filter chips (a toggle group with a single selection that cannot be emptied). */
export function StatusChips({
  label,
  chips,
  value,
  onChange,
}: {
  label: string;
  chips: readonly Chip[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <ToggleButtonGroup
      aria-label={label}
      className={styles.chips}
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={[value]}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = keys;
        if (next !== undefined) onChange(String(next));
      }}
    >
      {chips.map((chip) => (
        <ToggleButton key={chip.id} id={chip.id} className={styles.chip}>
          {chip.label}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
