// What the web says about each knap: a one-line description and the page it opens on.
import { KNAP_CATALOGUE, KNAP_GATED_ROUTES, type KnapName } from '@knap/contracts';

export const KNAP_DESCRIPTIONS: Record<KnapName, string> = {
  Prospecting: 'Ranks prospects from your CRM, deal flow or a spreadsheet and drafts a first email to each.',
  advancedPlanning:
    'Turns meeting notes into a client profile, planning gaps, an action plan and a portfolio, sent as a PDF roadmap.',
  advisorMeetingDashboard:
    'Coaches you on your client meetings: talk ratio, questions asked, next steps and topics missed.',
  outreachRecommendations: 'Finds the clients to contact now and drafts a message to each.',
};

/** The page of each knap, from the gated routes (path -> knap). */
export const KNAP_ROUTES = Object.fromEntries(
  Object.entries(KNAP_GATED_ROUTES).map(([path, knap]) => [knap, `/${path}`]),
) as Record<KnapName, string>;

export const knapTag = (name: KnapName) => KNAP_CATALOGUE[name].tag;
