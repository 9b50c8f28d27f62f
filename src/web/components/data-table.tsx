import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './data-table.module.css';

export type Column<T> = {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
};

type DataTableProps<T> = {
  /** The table's accessible name. */
  label: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  isLoading: boolean;
  loadingText?: string;
  error?: string | null;
  onRetry?: () => void;
  emptyTitle: string;
  emptyText?: string;
  /** Mouse users may click a whole row; keyboard users get the same target from a link in the row. */
  onRowClick?: (row: T) => void;
};

/**
 * A plain, semantic table whose body always shows exactly one of: loading, error, rows, empty
 * (in that order of precedence, CONVENTIONS.md). Scrolls sideways on narrow screens.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, rowKey, isLoading, loadingText = 'Loading...', error, onRetry } = props;
  const span = columns.length;
  let body: ReactNode;
  if (isLoading) {
    body = (
      <MessageRow span={span}>
        <span role="status">{loadingText}</span>
      </MessageRow>
    );
  } else if (error) {
    body = (
      <MessageRow span={span}>
        <span role="alert" className={styles.error}>
          {error}
        </span>
        {onRetry ? (
          <Button variant="secondary" size="small" onPress={onRetry}>
            Try again
          </Button>
        ) : null}
      </MessageRow>
    );
  } else if (!rows || rows.length === 0) {
    body = (
      <MessageRow span={span}>
        <strong className={styles.emptyTitle}>{props.emptyTitle}</strong>
        {props.emptyText ? <span>{props.emptyText}</span> : null}
      </MessageRow>
    );
  } else {
    body = rows.map((row) => (
      <tr
        key={rowKey(row)}
        className={props.onRowClick ? styles.clickable : undefined}
        onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
      >
        {columns.map((column) => (
          <td key={column.key}>{column.render(row)}</td>
        ))}
      </tr>
    ));
  }
  return (
    <div className={styles.scroller}>
      <table className={styles.table} aria-label={label} aria-busy={isLoading || undefined}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={span} className={styles.message}>
        <div className={styles.messageInner}>{children}</div>
      </td>
    </tr>
  );
}
