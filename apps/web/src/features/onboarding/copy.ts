// The guide's words: each step's title and the one line of why, the example questions, the texts
// the reminder and the page share.
import { type OnboardingStepId, PRODUCT_NAME } from '@knap/contracts';

export const STEP_COPY: Record<OnboardingStepId, { title: string; why: string }> = {
  profile: {
    title: 'Your name and timezone',
    why: 'Greetings use your name, and meeting times and dates show in your timezone.',
  },
  calendar: {
    title: 'Connect a calendar',
    why: 'Google or Microsoft calendar: your meetings appear here and the notetaker knows when to join.',
  },
  crm: {
    title: 'Connect a CRM',
    why: 'Wealthbox, Salesforce, Zoho, Copper or Sevanta: the assistant can look up your clients.',
  },
  notetaker: {
    title: 'Turn on the notetaker',
    why: 'It joins your calendar’s meetings and leaves you a transcript and notes.',
  },
  first_question: {
    title: 'Try a first question',
    why: 'See what the assistant can do: pick one of these to start a chat.',
  },
};

export const EXAMPLE_QUESTIONS = [
  'What should I prepare before my next client meeting?',
  'Explain a Roth conversion in plain words I can share with a client.',
  'Draft a short check-in email to a client I have not spoken to in a while.',
] as const;

export const STATUS_LABELS = { done: 'Done', skipped: 'Skipped', todo: 'To do' } as const;

export const ONBOARDING_COPY = {
  heading: `Set up ${PRODUCT_NAME}`,
  intro:
    'Five short steps to get the most out of your workspace. Skip any of them; you can come back here from Knaps.',
  bannerTitle: `Finish setting up ${PRODUCT_NAME}`,
  continue: 'Continue setup',
  dismiss: 'Dismiss the setup reminder',
  skipSetup: 'Skip setup',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  allSet: 'You are all set',
  dismissed: 'The setup reminder is off. You can still finish any step here.',
  notetakerNeedsCalendar: 'The notetaker joins the meetings on your calendar: connect one first.',
  timezoneFromBrowser: 'From your browser: the app follows the timezone of the computer you use.',
} as const;
