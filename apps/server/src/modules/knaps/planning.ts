// Advanced planning: meeting notes -> client profile -> gap analysis -> action plan -> portfolio
// recommendation -> client email with the roadmap the PDF is made from. Each step asks the model
// once with what the earlier steps produced (as the user left them, edits included).
import {
  GAP_CATEGORIES,
  KNAP_DETAIL,
  PORTFOLIO_DISCLOSURE,
  roadmapFilename,
  type TMeetingNotesContent,
  type TRoadmap,
  ZActionPlan,
  ZActionPlanData,
  ZClientEmail,
  ZClientProfile,
  ZClientProfileData,
  ZGapAnalysis,
  ZGapAnalysisData,
  ZPortfolio,
  type ZPortfolioData,
} from '@knap/contracts';
import type { z } from 'zod';
import { HttpError } from '../../platform/errors.js';
import { meetingNotes } from '../meetings/service.js';
import { askModel, type KnapContext } from './model.js';
import { PLANNING_PROMPTS } from './prompts.js';

/** The model reads at most this much of a meeting's notes and transcript. */
const MAX_NOTES_CHARS = 100_000;

/** Asks the model one planning task, with today's date (due dates are after it). */
const ask = <S extends z.ZodType>(
  ctx: KnapContext,
  task: keyof typeof PLANNING_PROMPTS,
  input: object,
  schema: S,
) =>
  askModel(
    ctx.deps,
    ctx.log,
    {
      meter: ctx.meter,
      prompt: PLANNING_PROMPTS[task],
      input: { today: ctx.today, ...input },
    },
    schema,
  );

function notesText(notes: TMeetingNotesContent | null, transcript: string | null): string {
  const parts = notes
    ? [
        `Summary: ${notes.summary}`,
        ...notes.decisions.map((d) => `Decision: ${d}`),
        ...notes.action_items.map((a) => `Action item: ${a.text}${a.owner ? ` (${a.owner})` : ''}`),
        ...notes.client_facts.map((f) => `Client fact (${f.category}): ${f.fact}`),
      ]
    : [];
  if (transcript) parts.push('Transcript:', transcript);
  return parts.join('\n').slice(0, MAX_NOTES_CHARS);
}

/** meeting-notes -> client-profile: from a notetaker meeting's notes, or notes the user pasted. */
export async function buildProfile(ctx: KnapContext, input: { meeting_id?: string; notes?: string }) {
  const { deps, user } = ctx;
  let source = {
    meeting_id: null as string | null,
    meeting_title: null as string | null,
    client_email: null as string | null,
  };
  let notes = input.notes ?? '';
  let clientNames: string[] = [];
  if (input.meeting_id) {
    const meeting = await meetingNotes(deps, user.id, input.meeting_id);
    if (!meeting.notes && !meeting.transcript) throw new HttpError(422, KNAP_DETAIL.noMeetingNotes);
    const clients = meeting.meeting.participants.filter(
      (p) => p.email.toLowerCase() !== user.email.toLowerCase(),
    );
    source = {
      meeting_id: meeting.meeting.meeting_id,
      meeting_title: meeting.meeting.meeting_title,
      client_email: clients[0]?.email ?? null,
    };
    clientNames = clients.map((p) => p.name || p.email);
    notes = notesText(meeting.notes, meeting.transcript);
  }
  const profile = await ask(
    ctx,
    'profile',
    { meeting_title: source.meeting_title, client_names: clientNames, advisor: user.name, notes },
    ZClientProfile,
  );
  return {
    current: { selection: { meeting_id: source.meeting_id, notes: input.notes ?? '' } },
    next: { source, enhanced_insights: profile },
  };
}

/** client-profile (as the user edited it) -> gap-analysis. */
export async function buildGaps(ctx: KnapContext, input: z.infer<typeof ZClientProfileData>) {
  const gaps = await ask(ctx, 'gaps', { profile: input.enhanced_insights }, ZGapAnalysis);
  return { current: input, next: { enhanced_insights: gaps } };
}

/** gap-analysis -> action-plan, most urgent first. */
export async function buildPlan(ctx: KnapContext, input: z.infer<typeof ZGapAnalysisData>) {
  const profile = await ctx.stored('client-profile', ZClientProfileData);
  const plan = await ask(
    ctx,
    'plan',
    { profile: profile.enhanced_insights, gaps: input.enhanced_insights },
    ZActionPlan,
  );
  plan.actions.sort((a, b) => a.priority - b.priority);
  return { current: input, next: { enhanced_insights: plan } };
}

/** action-plan -> portfolio-recommendation, always with the standard disclosure. */
export async function buildPortfolio(ctx: KnapContext, input: z.infer<typeof ZActionPlanData>) {
  const profile = await ctx.stored('client-profile', ZClientProfileData);
  const portfolio = await ask(
    ctx,
    'portfolio',
    { profile: profile.enhanced_insights, actions: input.enhanced_insights },
    ZPortfolio,
  );
  return { current: input, next: { enhanced_insights: portfolio, disclosure: PORTFOLIO_DISCLOSURE } };
}

/** portfolio-recommendation -> send-email: the drafted email and the roadmap the PDF is made from. */
export async function buildEmail(ctx: KnapContext, input: z.infer<typeof ZPortfolioData>) {
  const profile = await ctx.stored('client-profile', ZClientProfileData);
  const gaps = (await ctx.stored('gap-analysis', ZGapAnalysisData)).enhanced_insights;
  const plan = (await ctx.stored('action-plan', ZActionPlanData)).enhanced_insights;
  const portfolio = input.enhanced_insights;
  const email = await ask(
    ctx,
    'email',
    { advisor: ctx.user.name, profile: profile.enhanced_insights, gaps, actions: plan, portfolio },
    ZClientEmail,
  );
  const p = profile.enhanced_insights;
  const ages = p.members.flatMap((m) => (m.age === null ? [] : [m.age])).slice(0, 10);
  const assets = p.assets.reduce<number | null>(
    (sum, a) => (a.value === null ? sum : (sum ?? 0) + a.value),
    null,
  );
  const roadmap: TRoadmap = {
    title: `Financial roadmap for ${p.household}`,
    client: {
      name: p.household,
      household: p.household,
      ...(ages.length ? { ages } : {}),
      ...(p.annual_income !== null ? { income: p.annual_income } : {}),
      ...(assets !== null ? { assets } : {}),
      goals: p.goals,
      risk_tolerance: p.risk_tolerance,
    },
    gaps: GAP_CATEGORIES.flatMap((category) =>
      gaps[category].gaps.map((gap) => ({ category, gap, action: gaps[category].sample_action })),
    ),
    action_plan: plan.actions.map((a) => ({
      action: a.title,
      owner: a.owner,
      due: a.due_date,
      priority: String(a.priority),
    })),
    recommendation: portfolio,
    disclosures: [PORTFOLIO_DISCLOSURE],
    ...(ctx.user.name.trim() ? { advisor: { name: ctx.user.name.trim() } } : {}),
  };
  return {
    // The disclosure is not the user's to edit away.
    current: { ...input, disclosure: PORTFOLIO_DISCLOSURE },
    next: {
      to: profile.source.client_email,
      enhanced_insights: email,
      roadmap,
      attachment_filename: roadmapFilename(p.household, ctx.today),
    },
  };
}
