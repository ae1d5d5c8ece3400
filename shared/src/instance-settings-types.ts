import type { Language } from './languages';

/** Who may create an account: anyone, only people holding an invitation, or nobody. */
export const REGISTRATION_MODES = ['open', 'invite', 'closed'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

/** The mail server the site sends through. */
export interface SmtpSettings {
  /** '' when mail is only logged. */
  host: string;
  port: number;
  user: string;
  /** Sender address, e.g. `Wishwell <no-reply@example.com>`. */
  from: string;
  /** TLS from the start (smtps, usually port 465); otherwise STARTTLS when the server offers it. */
  tls: boolean;
}

/** The settings an admin changes in the console (GET/PUT /admin/settings). */
export interface InstanceSettings {
  registration: RegistrationMode;
  /** Language of visitors whose browser asks for none Wishwell speaks, and of mails without one. */
  defaultLanguage: Language;
  /** Currency of new accounts. */
  defaultCurrency: string;
  /** The site's public address, e.g. https://wishes.example.com ('' for the address each request came to). */
  publicUrl: string;
  smtp: SmtpSettings;
}

export type InstanceSettingName = keyof InstanceSettings;

/** GET /admin/settings: the settings in effect; a password is never sent back, only whether one is kept. */
export interface InstanceSettingsView {
  settings: InstanceSettings;
  smtpPasswordSet: boolean;
  /** The settings an environment variable decides (its name), read-only in the console. */
  fromEnvironment: Partial<Record<InstanceSettingName, string>>;
}

/** PUT /admin/settings: settings the environment decides are left out or unchanged. */
export interface InstanceSettingsInput extends Partial<Omit<InstanceSettings, 'smtp'>> {
  /** `password` left out keeps the one saved; '' removes it. */
  smtp?: SmtpSettings & { password?: string };
}
