import { createContext, useContext, useEffect, useLayoutEffect, useState, type ReactNode } from 'react';
import { Spinner } from '@blueprintjs/core';
import { DEFAULT_BRANDING } from '@wishwell/shared/constants';
import type { PublicDomainConfig } from '@wishwell/shared/api-types';
import { api } from '../api/client';
import { mirrorChoiceInCookie, useColorScheme } from './color-scheme';
import { applyTheme } from './theme';

const DomainConfigContext = createContext<PublicDomainConfig | null>(null);

export function useDomainConfig(): PublicDomainConfig {
  const config = useContext(DomainConfigContext);
  if (!config) throw new Error('useDomainConfig outside DomainConfigProvider');
  return config;
}

function fallbackConfig(): PublicDomainConfig {
  return { _id: '', hostname: window.location.hostname, ...DEFAULT_BRANDING };
}


/**
 * This host's branding: the one a server-rendered page embedded (`initial`), else loaded once
 * with a full-screen spinner until it arrives.
 */
export function DomainConfigProvider({ initial, children }: { initial?: PublicDomainConfig; children: ReactNode }) {
  const [config, setConfig] = useState<PublicDomainConfig | null>(initial ?? null);
  const scheme = useColorScheme();
  useEffect(() => {
    if (initial) return;
    api
      .get('/domain-configs/public/:hostname', { params: { hostname: window.location.hostname } })
      .catch((error: unknown) => {
        console.error('Could not load the domain configuration; using the default colours.', error);
        return fallbackConfig();
      })
      .then((loaded) => {
        document.title = loaded.companyName || DEFAULT_BRANDING.companyName;
        setConfig(loaded);
      });
  }, [initial]);
  // A scheme chosen before the cookie mirrored it: the next server-rendered page comes in it.
  useEffect(mirrorChoiceInCookie, []);
  // The default colours until the config arrives, then the domain's; again when the scheme changes.
  useLayoutEffect(() => applyTheme(config ?? fallbackConfig(), scheme), [config, scheme]);
  if (!config) {
    return (
      <div className="ww-fullscreen-center" role="status" aria-label="Loading">
        <Spinner size={50} />
      </div>
    );
  }
  return <DomainConfigContext.Provider value={config}>{children}</DomainConfigContext.Provider>;
}
