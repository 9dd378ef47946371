// The Outreach Recommendations knap's component data as the web reads it (types only: no zod in the bundle).
import type {
  ZAiRecommendationsOutreachData,
  ZClientCardOutreachData,
  ZClientInfoData,
} from '@knap/contracts';
import type { z } from 'zod';

export type TClientInfoData = z.infer<typeof ZClientInfoData>;
export type TClientCardOutreachData = z.infer<typeof ZClientCardOutreachData>;
export type TAiRecommendationsOutreachData = z.infer<typeof ZAiRecommendationsOutreachData>;
