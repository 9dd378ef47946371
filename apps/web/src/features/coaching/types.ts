// The data of the coaching components, as the contracts' schemas infer it (types only: the web
// bundle ships no zod).
import type { ZMeetingRawTableData, ZMeetingTableData } from '@knap/contracts';
import type { z } from 'zod';

export type TMeetingTableData = z.infer<typeof ZMeetingTableData>;
export type TMeetingRawTableData = z.infer<typeof ZMeetingRawTableData>;

/** Shown when the user has no meeting with a transcript at all. */
export const NO_MEETINGS_TEXT =
  'No meetings with transcripts yet. Record a meeting with the notetaker or upload a transcript.';
/** Shown when meetings exist but none passes the filters. */
export const NO_MATCHES_TEXT = 'No meetings match these filters.';

/** The table's empty text: no meetings at all, or none that pass the filters. */
export const emptyText = (filters: Record<string, unknown>) =>
  Object.values(filters).some((v) => v !== null && v !== '') ? NO_MATCHES_TEXT : NO_MEETINGS_TEXT;
