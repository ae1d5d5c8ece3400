import type { InstanceSettings, InstanceSettingsView, InstanceSettingName } from '@wishwell/shared/instance-settings-types';
import type { Language } from '@wishwell/shared/languages';
import type { Config } from '../../config';
import type { DataStore } from '../../db/store';
import { CrossProcessInvalidation } from '../../db/invalidation';
import { invalid } from '../../domain/errors';
import type { MailRoute } from '../../mail/mailer';
import { InstanceSettingsQueries, type NamedValue } from './queries';
import { checkedSettings, environmentSettings, smtpUrlOf, type EnvironmentSettings, type UncheckedSettings } from './values';

/** What the database holds: settings changed in the console, and the SMTP password apart (never answered). */
interface Stored {
  settings: Partial<InstanceSettings>;
  smtpPassword: string;
}

const SMTP_PASSWORD = 'smtpPassword';

/**
 * The instance settings of the admin console (registration, defaults, mail server, public
 * address): kept in the database, read often and so kept in memory; a change through any replica
 * empties every replica's copy (the change feed), so none needs a restart. Where the environment
 * sets one (`Config`), that value wins and the console shows it read-only.
 */
export class InstanceSettingsService {
  private stored: Stored | null = null;
  /** The settings as last read, for what cannot wait for a read (every request's language). */
  private lastRead: Partial<InstanceSettings> = {};
  private readonly sync: CrossProcessInvalidation;
  private readonly environment: EnvironmentSettings;
  private readonly defaults: InstanceSettings;
  private readonly queries: InstanceSettingsQueries;

  constructor(store: DataStore, config: Config) {
    this.queries = new InstanceSettingsQueries(store);
    this.sync = new CrossProcessInvalidation(store.changes, 'wishwell_instance_settings', () => {
      this.stored = null;
      this.refresh();
    });
    this.environment = environmentSettings(config);
    this.defaults = {
      registration: 'open',
      defaultLanguage: 'en',
      defaultCurrency: 'GBP',
      publicUrl: '',
      smtp: { host: '', port: 587, user: '', from: config.mailFrom, tls: false },
    };
  }

  /** Starts hearing the other replicas' changes, and reads the settings once. */
  async listen(): Promise<void> {
    await Promise.all([this.sync.listen(), this.read()]);
  }

  /** The default language now: the environment's, else the one last read (a change is read again at once). */
  defaultLanguage(): Language {
    return this.environment.values.defaultLanguage ?? this.lastRead.defaultLanguage ?? this.defaults.defaultLanguage;
  }

  private refresh(): void {
    this.read().catch((error: unknown) => console.error('could not read the instance settings:', error));
  }

  /** The settings in effect: the environment's, else the console's, else the defaults. */
  async current(): Promise<InstanceSettings> {
    const { settings } = await this.read();
    return { ...this.defaults, ...settings, ...this.environment.values };
  }

  async view(): Promise<InstanceSettingsView> {
    const [settings, { smtpPassword }] = await Promise.all([this.current(), this.read()]);
    return { settings, smtpPasswordSet: this.environment.smtpUrl ? this.environment.smtpPasswordSet : smtpPassword !== '', fromEnvironment: this.environment.names };
  }

  /** Saves the settings given (a 400 naming the first wrong field, nothing saved); one the environment sets cannot change. */
  async update(input: UncheckedSettings): Promise<InstanceSettingsView> {
    const locked = (Object.keys(input) as InstanceSettingName[]).find((name) => this.environment.names[name]);
    if (locked) throw invalid('settingFromEnvironment', { variable: this.environment.names[locked]! });
    const { smtp, ...rest } = checkedSettings(input);
    const rows: NamedValue[] = Object.entries(rest).map(([name, value]) => ({ name, value: JSON.stringify(value) }));
    if (smtp && !this.environment.names.smtp) {
      const { password, ...server } = smtp;
      rows.push({ name: 'smtp', value: JSON.stringify(server) });
      if (password !== undefined) rows.push({ name: SMTP_PASSWORD, value: JSON.stringify(password) });
    }
    await this.queries.save(rows, new Date());
    this.sync.invalidate('*');
    return this.view();
  }

  /** Where mail goes now: the environment's SMTP_URL, else the console's server (null: mails are only logged). */
  async mailRoute(): Promise<MailRoute> {
    if (this.environment.smtpUrl) return { smtpUrl: this.environment.smtpUrl, from: this.environment.values.smtp!.from };
    const [{ smtp }, { smtpPassword }] = await Promise.all([this.current(), this.read()]);
    return { smtpUrl: smtp.host ? smtpUrlOf(smtp, smtpPassword) : null, from: smtp.from };
  }

  /**
   * The settings, read once until the next change. A read that a change overtook is not kept: it
   * is read again, a few times at most. On PostgreSQL a save's own announcement comes back while
   * the save's answer is being read; keeping nothing then would leave every request's language
   * (defaultLanguage) on the value before the save until the next read.
   */
  private async read(): Promise<Stored> {
    for (let attempt = 1; ; attempt++) {
      if (this.stored) return this.stored;
      const readStarted = this.sync.generation;
      const stored = await this.readRows();
      if (readStarted === this.sync.generation) {
        this.stored = stored;
        this.lastRead = stored.settings;
        return stored;
      }
      if (attempt === 3) return stored;
    }
  }

  private async readRows(): Promise<Stored> {
    const rows = await this.queries.all();
    const values = Object.fromEntries(rows.map((row) => [row.name, JSON.parse(row.value) as unknown]));
    // Settings are the rows named as one; the table also holds what is no setting (the restore's
    // note on retired sessions, auth/retired-sessions.ts).
    const settings = Object.fromEntries(Object.entries(values).filter(([name]) => name in this.defaults));
    const password = values[SMTP_PASSWORD];
    return { settings: settings as Partial<InstanceSettings>, smtpPassword: typeof password === 'string' ? password : '' };
  }
}
