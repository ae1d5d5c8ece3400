/** Shapes of the /api/v1 answers. The server maps rows to these explicitly; the web reads them. */
import type { Language } from './languages';

export interface ApiErrorBody {
  message: string;
  requestId?: string;
}

export interface HealthStatus {
  status: 'ok';
  version: string;
  db: 'ok';
  /** Whether this server can send e-mail (SMTP_URL set); without it Share via Email is explained, not offered. */
  canSendMail: boolean;
}

/** The seven public fields of a domain configuration. */
export interface PublicDomainConfig {
  _id: string;
  hostname: string;
  companyName: string;
  logoUrl: string;
  primaryColor: string;
  secondaryColor: string;
  landingPageHeadline: string;
  landingPageSubheadline: string;
}

export interface SessionProfile {
  _id: string;
  name: string;
  email: string;
  country: string;
  currency: string;
  token: string;
  isAdmin: boolean;
  isDisabled: boolean;
  registeredOnDomain: string;
  /** The language chosen in My Account; null: the browser's (footer menu, else Accept-Language). */
  language: Language | null;
  /** False for an account made by an identity provider sign-in that never set a password: My Account offers 'Set a password'. */
  hasPassword: boolean;
}

/**
 * The UTF-8 JSON of a T, encoded ahead of time (the cached share view): the route answers these
 * bytes as they are, and the web's typed client reads them back as a T.
 */
export type JsonBytes<T> = Uint8Array<ArrayBuffer> & { readonly '~json': T };
