import { StrictMode } from 'react';
import { OverlaysProvider } from '@blueprintjs/core';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { RouterProvider, type RouterProviderProps } from 'react-router-dom';
import { DomainConfigProvider } from '../branding/DomainConfigProvider';
import { SessionProvider } from '../session/SessionProvider';
import { BootDataContext, type BootData } from './boot-data';

/**
 * The whole app, the same in the browser and on the server (which renders the landing and share
 * pages with a memory router). Blueprint's OverlaysProvider alone: the app uses no hotkeys, so
 * the hotkeys provider and its dialog stay out of the first download.
 */
export function App({ router, boot, i18n }: { router: RouterProviderProps['router']; boot: BootData | null; i18n: I18n }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <OverlaysProvider>
          <BootDataContext.Provider value={boot}>
            <DomainConfigProvider initial={boot?.domainConfig}>
              <SessionProvider>
                <RouterProvider router={router} />
              </SessionProvider>
            </DomainConfigProvider>
          </BootDataContext.Provider>
        </OverlaysProvider>
      </I18nextProvider>
    </StrictMode>
  );
}
