import { describe, expect, it } from 'vitest';
import { DEMO_ANSWERS, DEMO_SCRIPT } from './demo-script.js';
import * as assistant from './modules/assistant/prompts.js';
import * as clientReviews from './modules/client-reviews/prompts.js';
import * as financialPlans from './modules/financial-plans/prompts.js';
import * as firstImpressions from './modules/first-impressions/prompts.js';
import * as knaps from './modules/knaps/prompts.js';
import * as meetings from './modules/meetings/prompts.js';
import * as newsletters from './modules/newsletters/prompts.js';
import type { TaskPrompt } from './platform/llm/tasks.js';

const isTask = (value: unknown): value is TaskPrompt =>
  typeof value === 'object' && value !== null && 'task' in value && 'system' in value;

/** Every task prompt the modules export, however they group them. */
const tasks = [assistant, clientReviews, financialPlans, firstImpressions, knaps, meetings, newsletters]
  .flatMap((prompts) => Object.values(prompts))
  .flatMap((value) =>
    isTask(value) ? [value] : typeof value === 'object' && value ? Object.values(value) : [],
  )
  .filter(isTask);

describe('the demo script', () => {
  it('has an answer for every task the modules ask the model', () => {
    expect(tasks.length).toBeGreaterThanOrEqual(18);
    expect(tasks.map((t) => t.task).filter((id) => !DEMO_SCRIPT.tasks[id])).toEqual([]);
  });

  it('has no task id twice, so no module answers another module’s task', () => {
    const ids = DEMO_ANSWERS.flatMap((answers) => Object.keys(answers));
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(tasks.map((t) => t.task)).size).toBe(tasks.length);
  });
});
