import { NonIdealState } from '@blueprintjs/core';
import { Link } from 'react-router';
import { usePageTitle } from '../app/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <NonIdealState
      icon="search"
      title="Page not found"
      description="The address may be mistyped, or the page has moved."
      action={<Link to="/">Go to the home page</Link>}
    />
  );
}
