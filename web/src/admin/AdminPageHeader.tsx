import type { ReactNode } from 'react';
import { H2 } from '@blueprintjs/core';

/** A console page's title with its page-level action (e.g. the create button) beside it. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="ww-admin-page-header">
      <H2>{title}</H2>
      {children}
    </div>
  );
}
