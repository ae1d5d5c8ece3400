import { useEffect } from 'react';
import { useDomainConfig } from '../branding/DomainConfigProvider';

/** The browser tab's title: "{page} · {company}", or the company name alone on the landing page. */
export function usePageTitle(page: string | null): void {
  const { companyName } = useDomainConfig();
  useEffect(() => {
    document.title = page ? `${page} · ${companyName}` : companyName;
  }, [page, companyName]);
}
