import type { Key, ReactNode } from 'react';

export type Column<Row> = {
  label: string;
  cell: (row: Row) => ReactNode;
  // Figures: right-aligned, heading and cells.
  isNumeric?: boolean;
  // The cells' own classes (say text-nowrap).
  className?: string;
  // The row's name (a th scope=row), as the first column of a table read across.
  isRowHeader?: boolean;
};

type DataTableProps<Row> = {
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  caption?: ReactNode;
  isCaptionHidden?: boolean;
  // table-sm and the like.
  className?: string;
  // On a phone, one card per row with each cell labelled by its column (the stacked-table styles of the
  // page that uses it): a cell is then a row of its label and its content, which is one box so that a cell of
  // several lines keeps them one under another.
  isStacked?: boolean;
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

// A table of rows by columns, each column said once: its heading, its cells, its alignment.
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  isCaptionHidden = false,
  className,
  isStacked = false,
}: DataTableProps<Row>) {
  return (
    <table className={classes('table align-middle', className, isStacked && 'stacked-table')}>
      {caption && <caption className={isCaptionHidden ? 'visually-hidden' : undefined}>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={column.isNumeric ? 'text-end' : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column) => {
              const Cell = column.isRowHeader ? 'th' : 'td';
              return (
                <Cell
                  key={column.label}
                  scope={column.isRowHeader ? 'row' : undefined}
                  data-label={isStacked ? column.label : undefined}
                  className={classes(column.isNumeric && 'text-end', column.className)}
                >
                  {isStacked ? <div>{column.cell(row)}</div> : column.cell(row)}
                </Cell>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
