// The built-in demo model's script: each module's answers to the model tasks it names, registered
// beside its prompts, and the assistant's chat for anything else. Put together here, beside app.ts,
// because platform/ (where the demo model lives) imports no module.
import { ASSISTANT_DEMO_ANSWERS, demoChat } from './modules/assistant/demo-answers.js';
import { CLIENT_REVIEW_DEMO_ANSWERS } from './modules/client-reviews/demo-answers.js';
import { FINANCIAL_PLAN_DEMO_ANSWERS } from './modules/financial-plans/demo-answers.js';
import { BRIEFING_DEMO_ANSWERS } from './modules/first-impressions/demo-answers.js';
import { KNAP_DEMO_ANSWERS } from './modules/knaps/demo-answers.js';
import { MEETING_DEMO_ANSWERS } from './modules/meetings/demo-answers.js';
import { NEWSLETTER_DEMO_ANSWERS } from './modules/newsletters/demo-answers.js';
import type { DemoHandler, DemoScript } from './platform/llm/demo-model.js';

/** Each module's answers by task id, as registered beside its prompts. */
export const DEMO_ANSWERS: ReadonlyArray<Readonly<Record<string, DemoHandler>>> = [
  ASSISTANT_DEMO_ANSWERS,
  MEETING_DEMO_ANSWERS,
  KNAP_DEMO_ANSWERS,
  FINANCIAL_PLAN_DEMO_ANSWERS,
  CLIENT_REVIEW_DEMO_ANSWERS,
  NEWSLETTER_DEMO_ANSWERS,
  BRIEFING_DEMO_ANSWERS,
];

export const DEMO_SCRIPT: DemoScript = {
  tasks: Object.assign({}, ...DEMO_ANSWERS),
  otherwise: demoChat,
};
