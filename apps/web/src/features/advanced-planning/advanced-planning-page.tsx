// /advanced-planning (knap advancedPlanning): meeting notes -> client profile -> gap analysis ->
// action plan -> portfolio -> the client email with the roadmap PDF. Each step is its own screen.
import type { ComponentType } from 'react';
import { KnapLayout } from '../knaps/components/knap-layout';
import { ActionPlanStep } from './components/action-plan-step';
import { ClientProfileStep } from './components/client-profile-step';
import { GapAnalysisStep } from './components/gap-analysis-step';
import { MeetingNotesStep } from './components/meeting-notes-step';
import { PortfolioStep } from './components/portfolio-step';
import { SendEmailStep } from './components/send-email-step';

const STEPS: Record<string, { label: string; Screen: ComponentType }> = {
  'meeting-notes': { label: 'Meeting notes', Screen: MeetingNotesStep },
  'client-profile': { label: 'Client profile', Screen: ClientProfileStep },
  'gap-analysis': { label: 'Gap analysis', Screen: GapAnalysisStep },
  'action-plan': { label: 'Action plan', Screen: ActionPlanStep },
  portfolio: { label: 'Portfolio', Screen: PortfolioStep },
  'send-email': { label: 'Send email', Screen: SendEmailStep },
};

const STEP_LABELS = Object.fromEntries(Object.entries(STEPS).map(([id, step]) => [id, step.label]));

function renderStep(stepId: string) {
  const step = STEPS[stepId];
  return step ? <step.Screen /> : null;
}

export function AdvancedPlanningPage() {
  return (
    <KnapLayout
      knap="advancedPlanning"
      title="Advanced planning"
      description="From a client meeting to a financial roadmap: profile, gaps, action plan and portfolio, sent to the client as a PDF with your email."
      stepLabels={STEP_LABELS}
      renderStep={renderStep}
    />
  );
}
