import { Input, SearchField } from 'react-aria-components';
import { SelectField } from '../../../components/select-field';
import { ROLE_FILTER_OPTIONS, STATUS_FILTER_OPTIONS } from '../roles';
import styles from './users-toolbar.module.css';

type UsersToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  role: string;
  onRoleChange: (value: string) => void;
  status: string;
  onStatusChange: (value: string) => void;
};

/** Search by name or ID plus the role and status filters (product-spec-1 §2). */
export function UsersToolbar(props: UsersToolbarProps) {
  return (
    <div className={styles.toolbar} role="search" aria-label="Find users">
      <SearchField
        className={styles.search}
        aria-label="Search users"
        value={props.search}
        onChange={props.onSearchChange}
      >
        <Input className={styles.input} placeholder="Search by name, ID" />
      </SearchField>
      <div className={styles.filters}>
        <SelectField
          label="Role"
          hideLabel
          options={ROLE_FILTER_OPTIONS}
          value={props.role}
          onChange={props.onRoleChange}
        />
        <SelectField
          label="Status"
          hideLabel
          options={STATUS_FILTER_OPTIONS}
          value={props.status}
          onChange={props.onStatusChange}
        />
      </div>
    </div>
  );
}
