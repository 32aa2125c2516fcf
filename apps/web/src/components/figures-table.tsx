import type { ReactNode } from 'react';

/**
 * A table of figures: the first column names each row (a row header), the other columns are
 * numbers, aligned right.
 */
export function FiguresTable<Row>({
  columns,
  rows,
  rowKey,
}: {
  columns: Array<{ header: string; cell: (row: Row) => ReactNode }>;
  rows: Row[];
  rowKey: (row: Row) => string;
}) {
  const [label, ...figures] = columns;
  return (
    <div className="mt-3 overflow-x-auto rounded-2xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 font-medium">
              {label!.header}
            </th>
            {figures.map((column) => (
              <th key={column.header} scope="col" className="px-4 py-2 text-right font-medium">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-100">
              <th scope="row" className="px-4 py-2 font-medium text-slate-900">
                {label!.cell(row)}
              </th>
              {figures.map((column) => (
                <td key={column.header} className="px-4 py-2 text-right">
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
