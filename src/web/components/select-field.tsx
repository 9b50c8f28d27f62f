import {
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  type Key,
} from 'react-aria-components';
import styles from './select-field.module.css';

export type SelectOption = { id: string; label: string };

type SelectFieldProps = {
  label: string;
  options: SelectOption[];
  value: string;
  onChange: (value: string) => void;
  /** Hide the visible label (filters in a toolbar); it stays the accessible name. */
  hideLabel?: boolean;
  isDisabled?: boolean;
  /** The message to show under the picker; it is invalid while this is set. */
  error?: string | null;
  /** Shown while nothing is chosen; by default it names what is chosen ("Select gender"), not "Select an item". */
  placeholder?: string;
};

/** "Gender" → "Select gender"; an acronym keeps its capitals ("HMO provider" → "Select HMO provider"). */
export function selectPlaceholder(label: string): string {
  const lower = /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
  return `Select ${lower}`;
}

/** A labelled single-choice picker on react-aria's Select (keyboard and screen-reader friendly). */
export function SelectField(props: SelectFieldProps) {
  const { label, options, value, onChange, hideLabel = false, isDisabled, error } = props;
  return (
    <Select
      className={styles.field}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => {
        if (key !== null) onChange(String(key));
      }}
      isDisabled={isDisabled}
      isInvalid={!!error}
      validationBehavior="aria"
      aria-label={hideLabel ? label : undefined}
      placeholder={props.placeholder ?? selectPlaceholder(label)}
    >
      {hideLabel ? null : <Label className={styles.label}>{label}</Label>}
      <Button className={styles.trigger}>
        <SelectValue className={styles.value} />
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </Button>
      <FieldError className={styles.error}>{error}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.list} items={options}>
          {(option) => (
            <ListBoxItem id={option.id} className={styles.option} textValue={option.label}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
