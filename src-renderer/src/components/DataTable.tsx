/**
 * Renderer. The shell every list-of-rows table shares: a focusable, labelled scroll region, one
 * header cell per column, and a last column for the row's buttons named only for screen readers.
 */
import type { ReactNode } from 'react';
import { t } from '../lib/i18n.ts';

export interface DataTableProps {
  /** Id of the heading that names the table. */
  labelledBy: string;
  testId: string;
  columns: readonly string[];
  className?: string;
  /** The rows (`<tr>` elements). */
  children: ReactNode;
}

export function DataTable({ labelledBy, testId, columns, className, children }: DataTableProps) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table className={className ? `table ${className}` : 'table'} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">
                {t({ id: 'components.dataTable.actions', defaultMessage: 'Actions' })}
              </span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
