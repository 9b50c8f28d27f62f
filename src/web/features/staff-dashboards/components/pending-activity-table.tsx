import { DataTable, type Column } from '../../../components/data-table';

type PendingActivityTableProps = {
  label: string;
  headers: string[];
  emptyTitle: string;
  emptyText: string;
};

/**
 * An activity table whose data comes from a feature that is not built yet: it shows its real columns
 * and says plainly that nothing can be listed — never sample rows.
 */
export function PendingActivityTable({ label, headers, emptyTitle, emptyText }: PendingActivityTableProps) {
  const columns: Column<never>[] = headers.map((header) => ({ key: header, header, render: () => null }));
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={[]}
      rowKey={() => ''}
      isLoading={false}
      emptyTitle={emptyTitle}
      emptyText={emptyText}
    />
  );
}
