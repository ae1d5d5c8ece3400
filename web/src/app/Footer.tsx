import { helpAddress } from '@wishwell/shared/domain';
import { useDomainConfig } from '../branding/DomainConfigProvider';

export function Footer() {
  const config = useDomainConfig();
  const contact = helpAddress(config.hostname);
  return (
    <footer className="ww-footer">
      <p>© {new Date().getFullYear()} {config.companyName}. All rights reserved.</p>
      <p>
        Questions? Write to <a href={`mailto:${contact}`}>{contact}</a>
      </p>
    </footer>
  );
}
