import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '@blueprintjs/core';
import { DEFAULT_BRANDING, PAGE_BACKGROUND } from '@wishwell/shared/constants';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import { api } from '../api/client';

const DomainConfigContext = createContext<PublicDomainConfig | null>(null);

export function useDomainConfig(): PublicDomainConfig {
  const config = useContext(DomainConfigContext);
  if (!config) throw new Error('useDomainConfig outside DomainConfigProvider');
  return config;
}

function fallbackConfig(): PublicDomainConfig {
  return { _id: '', hostname: window.location.hostname, ...DEFAULT_BRANDING };
}

/** The theme is CSS variables on the root element; the stylesheet reads them. */
function applyTheme(config: PublicDomainConfig): void {
  const root = document.documentElement.style;
  root.setProperty('--ww-primary', config.primaryColor || DEFAULT_BRANDING.primaryColor);
  root.setProperty('--ww-secondary', config.secondaryColor || DEFAULT_BRANDING.secondaryColor);
  root.setProperty('--ww-background', PAGE_BACKGROUND);
  document.title = config.companyName || DEFAULT_BRANDING.companyName;
}

/** Loads this host's branding once; a full-screen spinner shows until it arrives. */
export function DomainConfigProvider({ children }: { children: ReactNode }) {
  const [config, setConfig] = useState<PublicDomainConfig | null>(null);
  useEffect(() => {
    api
      .get<PublicDomainConfig>(`/domain-configs/public/${encodeURIComponent(window.location.hostname)}`)
      .catch((error: unknown) => {
        console.error('Could not load the domain configuration; using the default colours.', error);
        return fallbackConfig();
      })
      .then((loaded) => {
        applyTheme(loaded);
        setConfig(loaded);
      });
  }, []);
  if (!config) {
    return (
      <div className="ww-fullscreen-center" role="status" aria-label="Loading">
        <Spinner size={50} />
      </div>
    );
  }
  return <DomainConfigContext.Provider value={config}>{children}</DomainConfigContext.Provider>;
}
