import { z } from 'zod';
import { calendarEvents } from '../../connections/systems/calendars.js';
import { defineTool } from '../define.js';

export const listMeetingsTool = defineTool({
  name: 'list_meetings',
  description: "The user's meetings from their connected Google or Microsoft calendars, for the coming days.",
  inputSchema: z.object({ days: z.number().int().min(1).max(31).default(7) }),
  needsApproval: false,
  creditCost: 0,
  summarize: (out) => {
    const r = out as { meetings: unknown[]; note?: string };
    return r.note ?? `${r.meetings.length} meeting${r.meetings.length === 1 ? '' : 's'}`;
  },
  async execute({ days }, ctx) {
    const from = ctx.deps.clock.now();
    const to = new Date(from.getTime() + days * 24 * 3600_000);
    const { events, unavailable, connected } = await calendarEvents(ctx.deps, ctx.user.id, from, to);
    if (connected.length === 0) return { meetings: [], note: 'No calendar is connected' };
    return {
      meetings: events.map((e) => ({
        title: e.title || 'Untitled Meeting',
        start: e.start,
        end: e.end,
        participants: e.participants.length,
        video_call: e.meeting_url,
      })),
      ...(unavailable.length ? { unavailable } : {}),
    };
  },
});
