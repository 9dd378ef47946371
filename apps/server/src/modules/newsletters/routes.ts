import {
  NEWSLETTER_PATHS,
  ZNewsletter,
  ZNewsletterAudience,
  ZNewsletterCreate,
  ZNewsletterListQuery,
  ZNewsletterSend,
  ZNewsletterSummary,
  ZNewsletterUpdate,
  ZPdfInfo,
  ZSuccessResponse,
} from '@knap/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { authOf } from '../../platform/auth.js';
import type { AppInstance } from '../../platform/deps.js';
import * as newsletters from './service.js';

const ZNewsletterParams = z.object({ id: z.string().min(1).max(100) });
const NEWSLETTER = `${NEWSLETTER_PATHS.list}/:id`;
const params = { params: ZNewsletterParams };

/** Newsletters: the caller's own drafts, their PDF, their recipients and sending them (a job). */
export async function newsletterRoutes(app: AppInstance): Promise<void> {
  const { deps } = app;
  app.addHook('onRequest', app.requireUser);
  const user = (req: FastifyRequest) => authOf(req).user;

  app.get(
    NEWSLETTER_PATHS.list,
    { schema: { querystring: ZNewsletterListQuery, response: { 200: z.array(ZNewsletterSummary) } } },
    (req) => newsletters.listNewsletters(deps, user(req).id, req.query.kind),
  );
  app.post(
    NEWSLETTER_PATHS.list,
    { schema: { body: ZNewsletterCreate, response: { 200: ZNewsletter } } },
    (req) => newsletters.createNewsletter(deps, req.log, user(req), req.body),
  );
  app.get(NEWSLETTER_PATHS.recipients, { schema: { response: { 200: ZNewsletterAudience } } }, (req) =>
    newsletters.newsletterAudience(deps, user(req)),
  );
  app.get(NEWSLETTER, { schema: { ...params, response: { 200: ZNewsletter } } }, (req) =>
    newsletters.getNewsletter(deps, user(req).id, req.params.id),
  );
  app.put(
    NEWSLETTER,
    { schema: { ...params, body: ZNewsletterUpdate, response: { 200: ZNewsletter } } },
    (req) => newsletters.updateNewsletter(deps, user(req).id, req.params.id, req.body),
  );
  app.delete(NEWSLETTER, { schema: { ...params, response: { 200: ZSuccessResponse } } }, (req) =>
    newsletters.deleteNewsletter(deps, user(req).id, req.params.id),
  );
  app.post(`${NEWSLETTER}/draft`, { schema: { ...params, response: { 200: ZNewsletter } } }, (req) =>
    newsletters.redraftNewsletter(deps, req.log, user(req), req.params.id),
  );
  app.post(`${NEWSLETTER}/pdf`, { schema: { ...params, response: { 200: ZPdfInfo } } }, (req) =>
    newsletters.exportNewsletterPdf(deps, user(req), req.params.id),
  );
  app.post(
    `${NEWSLETTER}/send`,
    { schema: { ...params, body: ZNewsletterSend, response: { 200: ZNewsletter } } },
    (req) => newsletters.sendNewsletter(deps, req.log, user(req), req.params.id, req.body),
  );
}
