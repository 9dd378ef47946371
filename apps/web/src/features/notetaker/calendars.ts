// Which calendars the notetaker follows: the user's connected Google and Microsoft calendars.
import { isCalendarIntegration, type TConnectionSummary } from '@knap/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { userConnectionsQuery } from '../connections/queries';

/** Connected calendars only; one that needs reconnecting cannot be read, so it does not count. */
export const connectedCalendars = (connections: readonly TConnectionSummary[]) =>
  connections.filter(({ type, status }) => isCalendarIntegration(type) && status === 'connected');

/** From the cached connections while fresh, else fetched. */
export async function hasConnectedCalendar(queryClient: QueryClient): Promise<boolean> {
  return connectedCalendars(await queryClient.fetchQuery(userConnectionsQuery)).length > 0;
}
