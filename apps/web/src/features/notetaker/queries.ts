// Query keys and hooks of the notetaker. SPEC §8: meeting call failures are logged with their
// texts; the panel and the meeting screen still show that something failed.
import { ERR, QUERY_RETRY, SIDEBAR_REFRESH_MS, type TMeeting } from '@knap/contracts';
import { useMutation, useMutationState, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, statusTextOf } from '../../lib/api-client';
import { getMeetingNotes, listMeetings, setMeetingPrivate, uploadTranscript } from './api';
import { loadBotStatus } from './bot-status-store';
import { NOTETAKER_COPY } from './copy';

export const meetingKeys = {
  all: ['meetings'] as const,
  list: () => [...meetingKeys.all, 'list'] as const,
  notes: (meetingId: string) => [...meetingKeys.all, 'notes', meetingId] as const,
  /** Mutation key: one privacy change per meeting at a time. */
  privacy: (meetingId: string) => [...meetingKeys.all, 'privacy', meetingId] as const,
  botStatus: () => ['meeting-bot', 'status'] as const,
};

/** How often a meeting's notes are fetched again while the server is writing them. */
export const NOTES_POLL_MS = 2000;

/**
 * The panel's meetings (first page of SPEC §9's size), refreshed with the sidebar, and fetched
 * afresh each time a screen showing them opens: /calendar-permissions lists them before a calendar
 * is connected, and the panel that opens once one is must show that calendar's meetings at once.
 */
export function useMeetings() {
  return useQuery({
    queryKey: meetingKeys.list(),
    refetchOnMount: 'always',
    queryFn: async () => {
      try {
        return await listMeetings();
      } catch (error) {
        console.error(ERR.fetchMeetings(statusTextOf(error)));
        throw error;
      }
    },
    refetchInterval: SIDEBAR_REFRESH_MS,
  });
}

const isClientError = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A meeting with its notes and transcript; polled while the notes are being written. */
export function useMeetingNotes(meetingId: string | null) {
  return useQuery({
    queryKey: meetingKeys.notes(meetingId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await getMeetingNotes(meetingId!, signal);
      } catch (error) {
        console.error(ERR.fetchMeetingNotes(statusTextOf(error)));
        throw error;
      }
    },
    enabled: Boolean(meetingId),
    // A meeting that is missing or someone else's will not appear on a second try.
    retry: (failureCount, error) => !isClientError(error) && failureCount < QUERY_RETRY,
    refetchInterval: (query) => (query.state.data?.notes_status === 'generating' ? NOTES_POLL_MS : false),
  });
}

interface PrivacyChange {
  meetingId: string;
  isPrivate: boolean;
}

/**
 * The 'Bot On' / 'Bot Off' privacy toggle of one meeting. While a change is on its way it is what
 * the row shows (whatever a refresh of the list says) and no second change starts; the change is
 * kept in the mutation cache, so this holds across the overlay closing and opening. A failure
 * leaves the cached meeting as it was, i.e. the toggle reverts, and says so in a toast.
 */
export function useMeetingPrivacy(meeting: TMeeting) {
  const queryClient = useQueryClient();
  const mutationKey = meetingKeys.privacy(meeting.meeting_id);
  const pending = useMutationState({
    filters: { mutationKey, status: 'pending' },
    select: (mutation) => mutation.state.variables as PrivacyChange,
  });
  const { mutate } = useMutation({
    mutationKey,
    mutationFn: setMeetingPrivate,
    onSuccess: (updated) => {
      queryClient.setQueryData<TMeeting[]>(meetingKeys.list(), (meetings) =>
        meetings?.map((item) => (item.meeting_id === updated.meeting_id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: meetingKeys.notes(updated.meeting_id) });
    },
    onError: (error) => {
      console.error(ERR.toggleMeetingPrivacy(statusTextOf(error)));
      toast.error(NOTETAKER_COPY.privacyFailed(meeting.meeting_title ?? NOTETAKER_COPY.untitled), {
        description: error.message,
      });
    },
  });

  const isPending = pending.length > 0;
  const isPrivate = pending[0]?.isPrivate ?? meeting.user_private_meeting;
  const toggle = () => {
    if (!isPending) mutate({ meetingId: meeting.meeting_id, isPrivate: !isPrivate });
  };
  return { isPrivate, isPending, toggle };
}

/** Uploads a transcript; its answer (notes 'generating' or 'ready') replaces the cached notes. */
export function useUploadTranscript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadTranscript,
    onSuccess: (notes, { meetingId }) => {
      queryClient.setQueryData(meetingKeys.notes(meetingId), notes);
      void queryClient.invalidateQueries({ queryKey: meetingKeys.list() });
    },
  });
}

/** The HTTP bot status, refreshed with the sidebar; each fresh answer moves the card's machine. */
export function useBotStatusQuery({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: meetingKeys.botStatus(),
    queryFn: loadBotStatus,
    refetchInterval: SIDEBAR_REFRESH_MS,
    enabled,
  });
}
