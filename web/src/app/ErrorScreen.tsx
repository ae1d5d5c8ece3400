import { Component, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { useLocation } from './routing';

/** The error screen: 'Unexpected Application Error!' and the error's message. */
function ErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const detail = error instanceof Error ? error.message : String(error);
  return (
    <div className="ww-error-screen" role="alert">
      <h2>{t('app.unexpectedError')}</h2>
      <h3>{detail}</h3>
    </div>
  );
}

class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <ErrorScreen error={this.state.error} />;
  }
}

/** A page that throws while rendering shows the error screen until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary key={pathname}>{children}</ErrorBoundary>;
}
