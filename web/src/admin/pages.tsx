import type { IconName } from '@blueprintjs/core';
import type { ComponentType } from 'react';
import { AdminDashboard } from './AdminDashboard';
import { BackupRestorePage } from './BackupRestorePage';
import { DomainConfigsPage } from './DomainConfigsPage';
import { EmailLogsPage } from './EmailLogsPage';
import { ReferralOpportunitiesPage } from './ReferralOpportunitiesPage';
import { ReferralRulesPage } from './ReferralRulesPage';
import { ScrapeLogsPage } from './ScrapeLogsPage';
import { ScraperConfigsPage } from './ScraperConfigsPage';
import { UsersPage } from './UsersPage';
import { VisitorLogsPage } from './VisitorLogsPage';
import { WishlistsPage } from './WishlistsPage';

/** The console's pages in side-menu order; each admin feature adds its page here. */
export interface AdminPage {
  path: string;
  title: string;
  icon: IconName;
  Component: ComponentType;
}

export const ADMIN_PAGES: AdminPage[] = [
  { path: '', title: 'Dashboard', icon: 'dashboard', Component: AdminDashboard },
  { path: 'users', title: 'Users', icon: 'people', Component: UsersPage },
  { path: 'wishlists', title: 'Wishlists', icon: 'gift-box', Component: WishlistsPage },
  { path: 'referral-rules', title: 'Referral Rules', icon: 'link', Component: ReferralRulesPage },
  { path: 'referral-opportunities', title: 'Referral Opportunities', icon: 'chart', Component: ReferralOpportunitiesPage },
  { path: 'scraper-configs', title: 'Scraper Configs', icon: 'cog', Component: ScraperConfigsPage },
  { path: 'scrape-logs', title: 'Scrape Logs', icon: 'th-list', Component: ScrapeLogsPage },
  { path: 'email-logs', title: 'E-mail Logs', icon: 'envelope', Component: EmailLogsPage },
  { path: 'visitor-logs', title: 'Visitor Logs', icon: 'eye-open', Component: VisitorLogsPage },
  { path: 'domain-configs', title: 'Domain Configs', icon: 'globe', Component: DomainConfigsPage },
  { path: 'backup-restore', title: 'Backup & Restore', icon: 'database', Component: BackupRestorePage },
];
