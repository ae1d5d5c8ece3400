import { StrictMode } from 'react';
import { OverlaysProvider } from '@blueprintjs/core';
import { RouterProvider, type RouterProviderProps } from 'react-router-dom';
import { DomainConfigProvider } from '../branding/DomainConfigProvider';
import { SessionProvider } from '../session/SessionProvider';
import { BootDataContext, type BootData } from './boot-data';

/**
 * The whole app, the same in the browser and on the server (which renders the landing and share
 * pages with a memory router). Blueprint's OverlaysProvider alone: the app uses no hotkeys, so
 * the hotkeys provider and its dialog stay out of the first download.
 */
export function App({ router, boot }: { router: RouterProviderProps['router']; boot: BootData | null }) {
  return (
    <StrictMode>
      <OverlaysProvider>
        <BootDataContext.Provider value={boot}>
          <DomainConfigProvider initial={boot?.domainConfig}>
            <SessionProvider>
              <RouterProvider router={router} />
            </SessionProvider>
          </DomainConfigProvider>
        </BootDataContext.Provider>
      </OverlaysProvider>
    </StrictMode>
  );
}
