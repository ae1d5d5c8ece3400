import type { IconName } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { AdminDashboard } from './AdminDashboard';
import { ReferralRulesPage } from './ReferralRulesPage';
import { ScrapeLogsPage } from './ScrapeLogsPage';
import { ScraperConfigsPage } from './ScraperConfigsPage';

/** The console's pages in side-menu order; each admin feature adds its page here. */
export const ADMIN_PAGES: { path: string; title: string; icon: IconName; Component: ComponentType }[] = [
  { path: '', title: 'Dashboard', icon: 'dashboard', Component: AdminDashboard },
  { path: 'referral-rules', title: 'Referral Rules', icon: 'link', Component: ReferralRulesPage },
  { path: 'scraper-configs', title: 'Scraper Configs', icon: 'cog', Component: ScraperConfigsPage },
  { path: 'scrape-logs', title: 'Scrape Logs', icon: 'th-list', Component: ScrapeLogsPage },
];
