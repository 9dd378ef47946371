// Model work is named: each call passes the id of its task with its system prompt, as an AI SDK
// provider option under our own key (every real provider reads only its own key), so a scripted
// model, the built-in demo, answers the task it was asked without reading the prompt's words.
import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';

/** One kind of model work: its id (`<module>.<task>`) and its system prompt. */
export interface TaskPrompt {
  task: string;
  system: string;
}

/** A task's prompt from its lines, joined with spaces. */
export const taskPrompt = (task: string, lines: readonly string[]): TaskPrompt => ({
  task,
  system: lines.join(' '),
});

const OPTIONS_KEY = 'knap';

/** What generateText and streamText are given for a task: its system prompt, and its id. */
export const promptFor = ({ task, system }: TaskPrompt) => ({
  system,
  providerOptions: { [OPTIONS_KEY]: { task } },
});

/** The task a model call was made for, when its caller named one. */
export function taskOf(options: Pick<LanguageModelV3CallOptions, 'providerOptions'>): string | undefined {
  const task = options.providerOptions?.[OPTIONS_KEY]?.task;
  return typeof task === 'string' ? task : undefined;
}
