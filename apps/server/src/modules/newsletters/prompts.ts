// What the newsletters ask the model: a topics newsletter, or a quarterly market commentary.
import type { NewsletterLength, NewsletterTone } from '@knap/contracts';
import { taskPrompt } from '../../platform/llm/tasks.js';

/** The topics edition; the request is `TopicsTaskInput` as JSON. */
export const TOPICS_PROMPT = taskPrompt('newsletters.topics', [
  'You draft a client newsletter for a financial advisor.',
  'You are given JSON: the advisor, today, the topics in order, the tone (warm, professional or plain), the length as words_per_topic, and an optional note about the readers.',
  "Write for the advisor's clients in plain English: a short intro, one section per topic in the order given, and a one- or two-sentence closing.",
  'Use no figures, returns, products or predictions that are not in the input, and nothing that reads as advice for one person. Do not write a greeting or a signature: the template adds them.',
  'Answer with JSON only: {"subject": string, "intro": string, "sections": [{"topic": string, "heading": string, "body": string}], "closing": string}; each body is Markdown paragraphs or "- " bullets, without headings.',
]);

/** The quarterly commentary; the request is `QuarterlyTaskInput` as JSON. */
export const QUARTERLY_PROMPT = taskPrompt('newsletters.quarterly', [
  'You draft a quarterly market commentary for a financial advisor.',
  'You are given JSON: the advisor, the quarter, the figures the advisor entered (one per line) and an optional topic for the planning tip.',
  "Write for the advisor's clients in plain English: a market recap of the quarter, an outlook for the next, and one planning tip (on tip_topic if given, else one that is timely in that quarter).",
  'Use only the numbers in figures (the template lists them under the recap); if there are none, write without numbers. Predict no returns and recommend no products. Do not write a greeting, firm news or a signature.',
  'Answer with JSON only: {"subject": string, "market_recap": string, "outlook": string, "planning_tip": string}; each text is Markdown paragraphs or "- " bullets, without headings.',
]);

/** What the topics task is given (see newsletters/service.ts). */
export interface TopicsTaskInput {
  advisor: string;
  today: string;
  topics: string[];
  tone: NewsletterTone;
  length: NewsletterLength;
  words_per_topic: number;
  note: string;
}

/** What the quarterly task is given. */
export interface QuarterlyTaskInput {
  advisor: string;
  quarter: string;
  figures: string[];
  tip_topic: string;
}
