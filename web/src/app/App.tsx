import { StrictMode } from 'react';
import { OverlaysProvider } from '@blueprintjs/core';
import type { I18n } from '../i18n/i18n';
import { I18nProvider } from '../i18n/react';
import { DomainConfigProvider } from '../branding/DomainConfigProvider';
import { SessionProvider } from '../session/SessionProvider';
import { BootDataContext, type BootData } from './boot-data';
import { AppRoutes } from './router';

/**
 * The whole app, the same in the browser and on the server: the caller puts it in a router (the
 * browser's history, or the server's static location for the landing and share pages). Blueprint's OverlaysProvider alone: the app uses no hotkeys, so
 * the hotkeys provider and its dialog stay out of the first download.
 */
export function App({ boot, i18n }: { boot: BootData | null; i18n: I18n }) {
  return (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <OverlaysProvider>
          <BootDataContext.Provider value={boot}>
            <DomainConfigProvider initial={boot?.domainConfig}>
              <SessionProvider>
                <AppRoutes />
              </SessionProvider>
            </DomainConfigProvider>
          </BootDataContext.Provider>
        </OverlaysProvider>
      </I18nProvider>
    </StrictMode>
  );
}
