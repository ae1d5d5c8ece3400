import type { ReactNode } from 'react';
import { Card, HTMLTable, Spinner } from '@blueprintjs/core';
import { useAdminText } from './admin-text';
import { useWideLayout } from '../ui/use-media-query';

export interface AdminColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  /** Short values (a domain, Yes/No) kept on one line in the table, so a long value elsewhere cannot squeeze them into fragments. */
  nowrap?: boolean;
}

interface Props<T extends { _id: string }> {
  /** The first column is each card's heading on narrow screens. */
  columns: AdminColumn<T>[];
  rows: T[];
  loading: boolean;
  emptyText: string;
  /** Edit/delete buttons for a row: the last table column, or the card's footer. */
  actions?: (row: T) => ReactNode;
  /** Rows shown greyed out (e.g. disabled accounts). */
  muted?: (row: T) => boolean;
}

/** An admin collection as a table at 900 px and above, as cards below (spec section 2). */
export function AdminTable<T extends { _id: string }>({ columns, rows, loading, emptyText, actions, muted }: Props<T>) {
  const t = useAdminText();
  const wide = useWideLayout();
  if (loading) return <Spinner className="ww-admin-spinner" />;
  if (rows.length === 0) return <p className="ww-admin-empty">{emptyText}</p>;
  if (!wide) return <AdminCards columns={columns} rows={rows} actions={actions} muted={muted} />;
  return (
    <HTMLTable className="ww-admin-table" striped>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label}>{column.label}</th>
          ))}
          {actions && <th className="ww-admin-actions-cell">{t('common.actions')}</th>}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row._id} className={muted?.(row) ? 'ww-admin-muted' : undefined}>
            {columns.map((column) => (
              <td key={column.label} className={column.nowrap ? 'ww-admin-nowrap' : undefined}>
                {column.render(row)}
              </td>
            ))}
            {actions && <td className="ww-admin-actions-cell">{actions(row)}</td>}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function AdminCards<T extends { _id: string }>({ columns, rows, actions, muted }: Pick<Props<T>, 'columns' | 'rows' | 'actions' | 'muted'>) {
  const [heading, ...details] = columns;
  return (
    <div className="ww-admin-cards">
      {rows.map((row) => (
        <Card key={row._id} className={`ww-admin-card${muted?.(row) ? ' ww-admin-muted' : ''}`} data-testid="admin-card">
          {heading && <div className="ww-admin-card-heading">{heading.render(row)}</div>}
          <dl className="ww-admin-card-fields">
            {details.map((column) => (
              <div key={column.label} className="ww-admin-card-field">
                <dt>{column.label}</dt>
                <dd>{column.render(row)}</dd>
              </div>
            ))}
          </dl>
          {actions && <div className="ww-admin-card-actions">{actions(row)}</div>}
        </Card>
      ))}
    </div>
  );
}
