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
import { SettingsPage } from './SettingsPage';
import { UsersPage } from './UsersPage';
import { VisitorLogsPage } from './VisitorLogsPage';
import { WishlistsPage } from './WishlistsPage';

/** The console's pages in side-menu order; each admin feature adds its page here. */
export interface AdminPage {
  path: string;
  /** The catalogue key of its name in the menu and page title (admin.pages.*). */
  titleKey: string;
  icon: IconName;
  Component: ComponentType;
}

export const ADMIN_PAGES: AdminPage[] = [
  { path: '', titleKey: 'pages.dashboard', icon: 'dashboard', Component: AdminDashboard },
  { path: 'users', titleKey: 'pages.users', icon: 'people', Component: UsersPage },
  { path: 'wishlists', titleKey: 'pages.wishlists', icon: 'gift-box', Component: WishlistsPage },
  { path: 'referral-rules', titleKey: 'pages.referralRules', icon: 'link', Component: ReferralRulesPage },
  { path: 'referral-opportunities', titleKey: 'pages.referralOpportunities', icon: 'chart', Component: ReferralOpportunitiesPage },
  { path: 'scraper-configs', titleKey: 'pages.scraperConfigs', icon: 'cog', Component: ScraperConfigsPage },
  { path: 'scrape-logs', titleKey: 'pages.scrapeLogs', icon: 'th-list', Component: ScrapeLogsPage },
  { path: 'email-logs', titleKey: 'pages.emailLogs', icon: 'envelope', Component: EmailLogsPage },
  { path: 'visitor-logs', titleKey: 'pages.visitorLogs', icon: 'eye-open', Component: VisitorLogsPage },
  { path: 'domain-configs', titleKey: 'pages.domainConfigs', icon: 'globe', Component: DomainConfigsPage },
  { path: 'backup-restore', titleKey: 'pages.backupRestore', icon: 'database', Component: BackupRestorePage },
  { path: 'settings', titleKey: 'pages.settings', icon: 'wrench', Component: SettingsPage },
];
