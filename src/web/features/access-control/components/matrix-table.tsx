import { Checkbox } from 'react-aria-components';
import type { AccessMatrixAnswer, ModuleRoles } from '../api/access-matrix-api';
import styles from './matrix-table.module.css';

type MatrixTableProps = {
  modules: AccessMatrixAnswer['modules'];
  roles: AccessMatrixAnswer['roles'];
  draft: ModuleRoles;
  onToggle: (module: string, role: string, granted: boolean) => void;
  isDisabled?: boolean;
};

/** One row per module, one checkbox per role; the admin's own column cannot be unticked. */
export function MatrixTable({ modules, roles, draft, onToggle, isDisabled }: MatrixTableProps) {
  return (
    <div className={styles.scroller}>
      <table className={styles.table} aria-label="Module access by role">
        <thead>
          <tr>
            <th scope="col">Module</th>
            {roles.map((r) => (
              <th scope="col" key={r.code}>
                {r.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {modules.map((m) => (
            <tr key={m.id}>
              <th scope="row">{m.name}</th>
              {roles.map((r) => {
                const granted = (draft[m.id] ?? []).includes(r.code);
                return (
                  <td key={r.code}>
                    <Checkbox
                      className={styles.checkbox}
                      aria-label={`${m.name}: ${r.label}`}
                      isSelected={granted}
                      isDisabled={isDisabled || r.locked}
                      onChange={(on) => onToggle(m.id, r.code, on)}
                    >
                      <span className={styles.box} aria-hidden="true">
                        {granted ? '✓' : ''}
                      </span>
                    </Checkbox>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
