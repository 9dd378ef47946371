// The data of each advanced-planning component, as the contracts' schemas infer it (types only: the
// web bundle ships no zod).
import type {
  TClientProfile,
  ZActionPlanData,
  ZClientProfileData,
  ZGapAnalysisData,
  ZMeetingNotesData,
  ZNoRoadmapViewData,
  ZPortfolioData,
  ZSendEmailData,
} from '@knap/contracts';
import type { z } from 'zod';

export type TMeetingNotesData = z.infer<typeof ZMeetingNotesData>;
export type TNoRoadmapViewData = z.infer<typeof ZNoRoadmapViewData>;
export type TClientProfileData = z.infer<typeof ZClientProfileData>;
export type TGapAnalysisData = z.infer<typeof ZGapAnalysisData>;
export type TActionPlanData = z.infer<typeof ZActionPlanData>;
export type TPortfolioData = z.infer<typeof ZPortfolioData>;
export type TSendEmailData = z.infer<typeof ZSendEmailData>;

export type RiskTolerance = TClientProfile['risk_tolerance'];

/** RISK_TOLERANCES of the contracts, whose module carries zod; the record makes tsc check the copy. */
const RISK_LABELS: Record<RiskTolerance, string> = {
  conservative: 'Conservative',
  moderate: 'Moderate',
  balanced: 'Balanced',
  growth: 'Growth',
  aggressive: 'Aggressive',
  unknown: 'Unknown',
};
export const RISK_OPTIONS = Object.entries(RISK_LABELS).map(([value, label]) => ({ value, label }));
