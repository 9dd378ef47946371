// The integration catalogue of SPEC §3, zod-free so the web bundle can use it.
import { MEETING_CONNECTION_ID, MEETING_CONNECTION_NAME } from './constants.js';

/** SPEC §3 connection types of the Google and Microsoft accounts, with their labels. */
export const CONNECTION_TYPE_LABELS = {
  google_profile_read: 'Profile',
  google_calendar_read: 'Calendar',
  google_gmail_modify: 'Gmail',
  google_drive_read: 'Drive',
  microsoft_profile_read: 'Profile',
  microsoft_calendar_read: 'Calendar',
  microsoft_outlook_read: 'Outlook',
  microsoft_onedrive_read: 'OneDrive',
} as const;
export type ConnectionType = keyof typeof CONNECTION_TYPE_LABELS;

export const INTEGRATION_CATALOGUE = {
  crm: ['wealthbox', 'zoho', 'sevanta', 'copper', 'salesforce'],
  email: ['microsoft_outlook_read', 'google_gmail_modify'],
  calendar: ['microsoft_calendar_read', 'google_calendar_read'],
  document: ['microsoft_onedrive_read', 'google_drive_read', 'dropbox'],
} as const;
export type IntegrationCategory = keyof typeof INTEGRATION_CATALOGUE;
export type IntegrationId =
  | (typeof INTEGRATION_CATALOGUE)[IntegrationCategory][number]
  | 'google_profile_read'
  | 'microsoft_profile_read';

export const INTEGRATION_NAMES: Record<IntegrationId, string> = {
  wealthbox: 'Wealthbox',
  zoho: 'Zoho CRM',
  sevanta: 'Sevanta',
  copper: 'Copper',
  salesforce: 'Salesforce',
  microsoft_outlook_read: 'Outlook',
  google_gmail_modify: 'Gmail',
  microsoft_calendar_read: 'Outlook Calendar',
  google_calendar_read: 'Google Calendar',
  microsoft_onedrive_read: 'OneDrive',
  google_drive_read: 'Google Drive',
  dropbox: 'Dropbox',
  google_profile_read: 'Google profile',
  microsoft_profile_read: 'Microsoft profile',
};

export const ALL_INTEGRATIONS = Object.keys(INTEGRATION_NAMES) as IntegrationId[];
export const isIntegrationId = (value: string): value is IntegrationId => value in INTEGRATION_NAMES;
export const isCalendarIntegration = (value: string) =>
  value === 'google_calendar_read' || value === 'microsoft_calendar_read';

/** SPEC §3: the built-in meeting connection descriptor. */
export const MEETING_ASSISTANT_DESCRIPTOR = {
  id: MEETING_CONNECTION_ID,
  name: MEETING_CONNECTION_NAME,
  description: 'Shares notes and transcripts from the meeting assistant with your assistants.',
  icon: 'meeting-notetaker',
  type: MEETING_CONNECTION_ID,
  status: 'active',
  category: MEETING_CONNECTION_ID,
} as const;

/** SPEC §8: what the Sevanta page suggests when the server has nothing (or fails). */
export const SEVANTA_DEFAULT_SUGGESTIONS = [
  'Summarize recent deal activity',
  'Which active deals have gone stale?',
  'List watchlist companies that need a follow-up',
] as const;
