// The first-impressions screen's calls: the user's briefings, one briefing, preparing one, saving
// the draft, regenerating, the PDF and deleting.
import {
  FIRST_IMPRESSIONS_PATHS,
  type TBriefingCreate,
  type TBriefingUpdate,
  ZBriefing,
  ZBriefingSummary,
  ZPdfInfo,
  ZSuccessResponse,
} from '@knap/contracts';
import { apiRequest } from '../../lib/api-client';

const ZBriefingSummaryList = ZBriefingSummary.array();

export const listBriefings = () => apiRequest(FIRST_IMPRESSIONS_PATHS.list, ZBriefingSummaryList);

export const getBriefing = (id: string) => apiRequest(FIRST_IMPRESSIONS_PATHS.briefing(id), ZBriefing);

export const createBriefing = (body: TBriefingCreate) =>
  apiRequest(FIRST_IMPRESSIONS_PATHS.list, ZBriefing, { method: 'POST', body });

export const saveBriefing = (id: string, body: TBriefingUpdate) =>
  apiRequest(FIRST_IMPRESSIONS_PATHS.briefing(id), ZBriefing, { method: 'PUT', body });

export const regenerateBriefing = (id: string) =>
  apiRequest(FIRST_IMPRESSIONS_PATHS.regenerate(id), ZBriefing, { method: 'POST' });

export const exportBriefingPdf = (id: string) =>
  apiRequest(FIRST_IMPRESSIONS_PATHS.pdf(id), ZPdfInfo, { method: 'POST' });

export const deleteBriefing = (id: string) =>
  apiRequest(FIRST_IMPRESSIONS_PATHS.briefing(id), ZSuccessResponse, { method: 'DELETE' });
