import { ISO_CURRENCY_CODES } from '@wishwell/shared/currency-tokens';
import { isLanguage, LANGUAGES } from '@wishwell/shared/languages';
import type { InstanceSettings, InstanceSettingsInput, InstanceSettingName, SmtpSettings } from '@wishwell/shared/instance-settings-types';
import type { Config } from '../../config';
import { invalid } from '../../domain/errors';

/** The settings the server's environment decides, and the variable that decides each. */
export interface EnvironmentSettings {
  values: Partial<InstanceSettings>;
  names: Partial<Record<InstanceSettingName, string>>;
  /** SMTP_URL as given (with its password), when set. */
  smtpUrl: string | null;
  smtpPasswordSet: boolean;
}

export function environmentSettings(config: Config): EnvironmentSettings {
  const values: Partial<InstanceSettings> = {};
  const names: Partial<Record<InstanceSettingName, string>> = {};
  const set = <K extends InstanceSettingName>(name: K, variable: string, value: InstanceSettings[K] | null) => {
    if (value === null) return;
    values[name] = value;
    names[name] = variable;
  };
  set('registration', 'REGISTRATION', config.registration);
  set('defaultLanguage', 'DEFAULT_LANGUAGE', config.defaultLanguage);
  set('defaultCurrency', 'DEFAULT_CURRENCY', config.defaultCurrency);
  set('publicUrl', 'PUBLIC_URL', config.publicUrl);
  const smtp = config.smtpUrl ? new URL(config.smtpUrl) : null;
  set('smtp', 'SMTP_URL', smtp && smtpOfUrl(smtp, config.mailFrom));
  return { values, names, smtpUrl: config.smtpUrl, smtpPasswordSet: Boolean(smtp?.password) };
}

function smtpOfUrl(url: URL, from: string): SmtpSettings {
  const tls = url.protocol === 'smtps:';
  return { host: url.hostname, port: Number(url.port) || (tls ? 465 : 587), user: decodeURIComponent(url.username), from, tls };
}

/** The nodemailer URL of a mail server set in the console. */
export function smtpUrlOf(smtp: SmtpSettings, password: string): string {
  const login = smtp.user ? `${encodeURIComponent(smtp.user)}${password ? `:${encodeURIComponent(password)}` : ''}@` : '';
  return `${smtp.tls ? 'smtps' : 'smtp'}://${login}${smtp.host}:${smtp.port}`;
}

const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/i;
const SENDER = /^([^<>@\r\n]{0,200}<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/;

/** A PUT's body as the schema lets it through (the language is checked here, with a message of ours). */
export type UncheckedSettings = Omit<InstanceSettingsInput, 'defaultLanguage'> & { defaultLanguage?: string };

/** The input's settings, trimmed and checked: a 400 for the first that is wrong, naming what is asked for. */
export function checkedSettings(input: UncheckedSettings): InstanceSettingsInput {
  const { defaultLanguage, ...rest } = input;
  if (defaultLanguage !== undefined && !isLanguage(defaultLanguage)) {
    throw invalid('defaultLanguageUnknown', { codes: Object.keys(LANGUAGES).join(', ') });
  }
  const checked: InstanceSettingsInput = { ...rest, ...(defaultLanguage !== undefined ? { defaultLanguage } : {}) };
  if (input.defaultCurrency !== undefined) {
    checked.defaultCurrency = input.defaultCurrency.trim().toUpperCase();
    if (!ISO_CURRENCY_CODES.has(checked.defaultCurrency)) throw invalid('defaultCurrencyCode');
  }
  if (input.publicUrl !== undefined) checked.publicUrl = checkedPublicUrl(input.publicUrl.trim());
  if (input.smtp) checked.smtp = checkedSmtp(input.smtp);
  return checked;
}

function checkedPublicUrl(value: string): string {
  if (value === '') return value;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // refused below
  }
  if (!url || !['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) throw invalid('publicUrlForm');
  return value.replace(/\/+$/, '');
}

function checkedSmtp(smtp: NonNullable<InstanceSettingsInput['smtp']>): NonNullable<InstanceSettingsInput['smtp']> {
  const host = smtp.host.trim();
  const from = smtp.from.trim();
  if (host !== '' && !HOST.test(host)) throw invalid('smtpHost');
  if (!Number.isInteger(smtp.port) || smtp.port < 1 || smtp.port > 65535) throw invalid('smtpPort');
  if (!SENDER.test(from)) throw invalid('mailFromForm');
  return { ...smtp, host, from, user: smtp.user.trim() };
}
