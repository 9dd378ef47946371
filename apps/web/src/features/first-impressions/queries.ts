// The first-impressions screen's query keys and hooks.
import type { TBriefing, TBriefingCreate, TBriefingUpdate } from '@knap/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { type DocumentKeys, useDeleteDocument, useSaveDocument } from '../../lib/document-queries';
import {
  createBriefing,
  deleteBriefing,
  exportBriefingPdf,
  getBriefing,
  listBriefings,
  regenerateBriefing,
  saveBriefing,
} from './api';

export const briefingKeys = {
  all: ['briefings'] as const,
  list: ['briefings', 'list'] as const,
  briefing: (id: string) => ['briefings', 'briefing', id] as const,
};

const briefings: DocumentKeys<TBriefing> = { lists: briefingKeys.list, one: briefingKeys.briefing };

export const useBriefings = () => useQuery({ queryKey: briefingKeys.list, queryFn: listBriefings });

export const useBriefing = (id: string) =>
  useQuery({ queryKey: briefingKeys.briefing(id), queryFn: () => getBriefing(id) });

export const useCreateBriefing = () =>
  useSaveDocument(briefings, (body: TBriefingCreate) => createBriefing(body));

export const useSaveBriefing = (id: string) =>
  useSaveDocument(briefings, (body: TBriefingUpdate) => saveBriefing(id, body));

export const useRegenerateBriefing = (id: string) => useSaveDocument(briefings, () => regenerateBriefing(id));

export const useExportBriefingPdf = (id: string) => useMutation({ mutationFn: () => exportBriefingPdf(id) });

export const useDeleteBriefing = () => useDeleteDocument(briefings, deleteBriefing);
