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
  /** A few short columns: rows become cards only below about 420 px instead of 720 px. */
  compact?: boolean;
};

/**
 * A plain, semantic table whose body always shows exactly one of: loading, error, rows, empty
 * (in that order of precedence, CONVENTIONS.md). Where it has less than about 720 px (a phone, or a
 * tablet beside the sidebar) each row becomes a card, each value under its column's header; between
 * that and its full width it scrolls sideways.
 *
 * The explicit roles keep the table a table for assistive technology when the cards change how its
 * parts are displayed (some browsers drop table semantics with `display: block`). The header shown in
 * each card cell is hidden from them: the column header already names the cell.
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
        role="row"
        className={props.onRowClick ? styles.clickable : undefined}
        onClick={props.onRowClick ? () => props.onRowClick!(row) : undefined}
      >
        {columns.map((column) => (
          <td key={column.key} role="cell">
            <span className={styles.cellLabel} aria-hidden="true">
              {column.header}
            </span>
            <span className={styles.cellValue}>{column.render(row)}</span>
          </td>
        ))}
      </tr>
    ));
  }
  return (
    <div className={props.compact ? `${styles.scroller} ${styles.compact}` : styles.scroller}>
      <table role="table" className={styles.table} aria-label={label} aria-busy={isLoading || undefined}>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th key={column.key} scope="col" role="columnheader">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{body}</tbody>
      </table>
    </div>
  );
}

function MessageRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr role="row">
      <td colSpan={span} role="cell" className={styles.message}>
        <div className={styles.messageInner}>{children}</div>
      </td>
    </tr>
  );
}
