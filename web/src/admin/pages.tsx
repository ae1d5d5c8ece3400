import type { IconName } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { AdminDashboard } from './AdminDashboard';

/** The console's pages in side-menu order; each admin feature adds its page here. */
export const ADMIN_PAGES: { path: string; title: string; icon: IconName; Component: ComponentType }[] = [
  { path: '', title: 'Dashboard', icon: 'dashboard', Component: AdminDashboard },
];
