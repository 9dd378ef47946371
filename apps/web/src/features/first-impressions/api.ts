// The first-impressions screen's calls: the user's briefings, one briefing, preparing one, saving
// the draft, regenerating, the PDF and deleting.
import {
  FIRST_IMPRESSIONS_PATHS,
  type TBriefing,
  type TBriefingCreate,
  type TBriefingSummary,
  type TBriefingUpdate,
  type TPdfInfo,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

export const listBriefings = () => apiRequest<TBriefingSummary[]>(FIRST_IMPRESSIONS_PATHS.list);

export const getBriefing = (id: string) => apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.briefing(id));

export const createBriefing = (body: TBriefingCreate) =>
  apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.list, { method: 'POST', body });

export const saveBriefing = (id: string, body: TBriefingUpdate) =>
  apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.briefing(id), { method: 'PUT', body });

export const regenerateBriefing = (id: string) =>
  apiRequest<TBriefing>(FIRST_IMPRESSIONS_PATHS.regenerate(id), { method: 'POST' });

export const exportBriefingPdf = (id: string) =>
  apiRequest<TPdfInfo>(FIRST_IMPRESSIONS_PATHS.pdf(id), { method: 'POST' });

export const deleteBriefing = (id: string) =>
  apiRequest<{ success: boolean }>(FIRST_IMPRESSIONS_PATHS.briefing(id), { method: 'DELETE' });
