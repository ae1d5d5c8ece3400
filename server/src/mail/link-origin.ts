import { normalizeHostname } from '@wishwell/shared/domain';
import type { DomainConfigService } from '../features/domain-configs/service';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where links in a mail point, and the brand name the mail signs with. */
export interface MailSite {
  origin: string;
  company: string;
}

export function hostnameOf(origin: string): string {
  return URL.canParse(origin) ? new URL(origin).hostname : '';
}

/**
 * Links in mails (password resets, editor invitations) point at the request's origin when its
 * host is one of ours (a domain config, or this machine), else at `fallbackOrigin` (PUBLIC_URL):
 * a forged Host header must not point a link carrying a secret at someone else's site.
 */
export class MailLinks {
  constructor(
    private readonly domainConfigs: DomainConfigService,
    /** For mails no request asked for, and requests from hosts not ours (the public URL, else this machine): asked each time, the admin console may change it. */
    private readonly fallback: () => Promise<string>,
  ) {}

  fallbackOrigin(): Promise<string> {
    return this.fallback();
  }

  async site(requestOrigin: string): Promise<MailSite> {
    const origin = await this.origin(requestOrigin);
    return { origin, company: (await this.domainConfigs.publicConfig(hostnameOf(origin))).companyName };
  }

  /** Where the links of a mail asked for from `requestOrigin` point (see site). */
  async origin(requestOrigin: string): Promise<string> {
    const host = normalizeHostname(hostnameOf(requestOrigin));
    const ours = host !== '' && (LOOPBACK_HOSTS.has(host) || (await this.domainConfigs.publicConfig(host)).hostname === host);
    return ours ? requestOrigin : this.fallback();
  }
}
