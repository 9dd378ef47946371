import {
  MEETING_PATHS,
  TRANSCRIPT_MAX_CHARS,
  ZCreateMeetingRequest,
  ZMeeting,
  ZMeetingNotes,
  ZMeetingsQuery,
  ZPrivateToggleRequest,
  ZTranscriptUpload,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as meetings from './service.js';

const ZMeetingParams = z.object({ id: z.string().min(1).max(100) });

/** SPEC §7 Meetings: these paths exactly (they have no /api prefix). */
export async function meetingRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const uid = (req: FastifyRequest) => authOf(req).user.id;

  app.get(
    MEETING_PATHS.list,
    { schema: { querystring: ZMeetingsQuery, response: { 200: z.array(ZMeeting) } } },
    (req) => meetings.listMeetings(deps, uid(req), req.query),
  );
  app.post(
    MEETING_PATHS.list,
    { schema: { body: ZCreateMeetingRequest, response: { 200: ZMeeting } } },
    (req) => meetings.createManualMeeting(deps, uid(req), req.body),
  );
  app.get(
    '/meeting/:id/notes',
    { schema: { params: ZMeetingParams, response: { 200: ZMeetingNotes } } },
    (req) => meetings.meetingNotes(deps, uid(req), req.params.id),
  );
  app.put(
    '/meeting/:id/transcript',
    {
      // A JSON-encoded transcript of TRANSCRIPT_MAX_CHARS characters, escapes included.
      bodyLimit: 8 * TRANSCRIPT_MAX_CHARS,
      schema: { params: ZMeetingParams, body: ZTranscriptUpload, response: { 200: ZMeetingNotes } },
    },
    (req) => meetings.uploadTranscript(deps, uid(req), req.params.id, req.body, req.log),
  );
  app.put(
    '/meeting/:id/private-toggle',
    { schema: { params: ZMeetingParams, body: ZPrivateToggleRequest, response: { 200: ZMeeting } } },
    (req) => meetings.setPrivate(deps, uid(req), req.params.id, req.body.user_private_meeting),
  );
}
