import {
  LIBRARY_PATHS,
  ZLibraryKind,
  ZLibraryQuery,
  ZLibraryResponse,
  ZSavedPrompt,
  ZSavedPromptInput,
  ZSuccessResponse,
} from '@knap/contracts';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as library from './service.js';

const ZId = z.string().min(1).max(100);

/** The Library: the caller's own items and saved prompts. */
export async function libraryRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    LIBRARY_PATHS.list,
    { schema: { querystring: ZLibraryQuery, response: { 200: ZLibraryResponse } } },
    (req) => library.listLibrary(deps, authOf(req).user, req.query),
  );
  app.get(LIBRARY_PATHS.prompts, { schema: { response: { 200: z.array(ZSavedPrompt) } } }, (req) =>
    library.listPrompts(deps, authOf(req).user),
  );
  app.post(
    LIBRARY_PATHS.prompts,
    { schema: { body: ZSavedPromptInput, response: { 200: ZSavedPrompt } } },
    (req) => library.savePrompt(deps, authOf(req).user, req.body),
  );
  app.put(
    '/api/studio/library/prompts/:id',
    { schema: { params: z.object({ id: ZId }), body: ZSavedPromptInput, response: { 200: ZSavedPrompt } } },
    (req) => library.updatePrompt(deps, authOf(req).user, req.params.id, req.body),
  );
  app.delete(
    '/api/studio/library/:kind/:id',
    { schema: { params: z.object({ kind: ZLibraryKind, id: ZId }), response: { 200: ZSuccessResponse } } },
    (req) => library.deleteItem(deps, authOf(req).user, req.params.kind, req.params.id),
  );
}
