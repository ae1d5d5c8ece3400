import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { BlueprintProvider } from '@blueprintjs/core';
import { createRouter } from './app/router';
import { DomainConfigProvider } from './branding/DomainConfigProvider';
import { SessionProvider } from './session/SessionProvider';
import { registerIcons } from './ui/icons';
import './styles/app.css';

registerIcons();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BlueprintProvider>
      <DomainConfigProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </DomainConfigProvider>
    </BlueprintProvider>
  </StrictMode>,
);
