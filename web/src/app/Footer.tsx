import { helpAddress } from '@wishwell/shared/domain';
import { useDomainConfig } from '../branding/DomainConfigProvider';
import { useTranslation } from '../i18n/react';
import { LanguageMenu } from '../i18n/LanguageMenu';

export function Footer() {
  const config = useDomainConfig();
  const { t } = useTranslation();
  const contact = helpAddress(config.hostname);
  return (
    <footer className="ww-footer">
      <p>
        {t('layout.copyright', { year: new Date().getFullYear(), company: config.companyName })} <LanguageMenu />
      </p>
      {contact && (
        <p>
          {t('layout.questions')} <a href={`mailto:${contact}`}>{contact}</a>
        </p>
      )}
    </footer>
  );
}
