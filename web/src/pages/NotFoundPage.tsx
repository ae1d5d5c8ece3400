import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  return (
    <NonIdealState
      icon="search"
      title="Page not found"
      description="The address may be mistyped, or the page has moved."
      action={<Link to="/">Go to the home page</Link>}
    />
  );
}
