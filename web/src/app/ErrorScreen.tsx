import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's error screen: 'Unexpected Application Error!' and the status or message. */
export function ErrorScreen() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <div className="ww-error-screen" role="alert">
      <h2>Unexpected Application Error!</h2>
      <h3>{detail}</h3>
    </div>
  );
}
