import {
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import fieldStyles from './field.module.css';
import styles from './combo-field.module.css';

export type ComboOption = { id: string; label: string; hint?: string };

type ComboFieldProps = {
  label: string;
  options: readonly ComboOption[];
  /** The text in the box: a chosen option's label, or whatever was typed. */
  value: string;
  onChange: (value: string) => void;
  /** Called with the option picked from the list (not for free text). */
  onPick?: (option: ComboOption) => void;
  description?: string;
  placeholder?: string;
  error?: string | null;
  isRequired?: boolean;
  /** Open the suggestions on focus (a short list worth seeing) or only once typing (the default). */
  menuTrigger?: 'focus' | 'input';
};

/**
 * A text field that suggests options as you type (react-aria ComboBox: arrow keys, Enter, Escape)
 * and still takes free text: the list helps, it never restricts.
 */
export function ComboField(props: ComboFieldProps) {
  const { label, options, value, onChange, onPick, description, placeholder, error, isRequired, menuTrigger } = props;
  const pick = (key: Key | null) => {
    const option = key === null ? undefined : options.find((o) => o.id === String(key));
    if (option) {
      onChange(option.label);
      onPick?.(option);
    }
  };
  const needle = value.trim().toLowerCase();
  const shown = needle ? options.filter((o) => `${o.label} ${o.hint ?? ''}`.toLowerCase().includes(needle)) : options;
  return (
    <ComboBox
      className={fieldStyles.field}
      allowsCustomValue
      // The options are filtered here, on the hint (a code) as well as the label.
      defaultFilter={() => true}
      menuTrigger={menuTrigger ?? 'input'}
      isRequired={isRequired}
      inputValue={value}
      onInputChange={onChange}
      onSelectionChange={pick}
      items={shown}
      isInvalid={!!error}
      validationBehavior="aria"
    >
      <Label className={fieldStyles.label}>{label}</Label>
      <Input className={fieldStyles.input} placeholder={placeholder} />
      {description && !error ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <FieldError className={fieldStyles.error}>{error}</FieldError>
      <Popover className={styles.popover}>
        <ListBox className={styles.list}>
          {(option: ComboOption) => (
            <ListBoxItem id={option.id} className={styles.option} textValue={option.label}>
              <span>{option.label}</span>
              {option.hint ? <span className={styles.hint}>{option.hint}</span> : null}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
