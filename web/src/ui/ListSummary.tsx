import { eventLabel } from './dates';

/** The event day and description under a list's title (owner page and guest view banners). */
export function ListSummary({ list }: { list: { eventDate: string | null; isRecurring: boolean; description: string } }) {
  return (
    <>
      {list.eventDate && <div>{eventLabel(list)}</div>}
      {list.description && <div>{list.description}</div>}
    </>
  );
}
