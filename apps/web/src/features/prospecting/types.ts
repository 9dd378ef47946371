// The Prospecting knap's component data as the web reads it (types only: no zod in the bundle).
import type { ZDataSelectionData, ZPreviewEditData, ZReviewFormData } from '@knap/contracts';
import type { z } from 'zod';

export type TDataSelectionData = z.infer<typeof ZDataSelectionData>;
export type TReviewFormData = z.infer<typeof ZReviewFormData>;
export type TPreviewEditData = z.infer<typeof ZPreviewEditData>;
export type TRankedProspect = TPreviewEditData['prospects'][number];
