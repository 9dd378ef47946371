import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { DemoLanguageModel, type DemoScript, jsonTask } from './demo-model.js';
import { promptFor, taskPrompt } from './tasks.js';

const SUM = taskPrompt('test.sum', ['You add numbers.']);
const GREETING = taskPrompt('test.greeting', ['You greet people.']);

const script: DemoScript = {
  tasks: {
    [SUM.task]: jsonTask((input: { numbers?: number[] }) =>
      Array.isArray(input.numbers) ? { sum: input.numbers.reduce((a, b) => a + b, 0) } : null,
    ),
    [GREETING.task]: ({ input }) => ({ kind: 'text', text: `Hello, ${input}!` }),
  },
  otherwise: ({ input }) => ({ kind: 'text', text: `No task for: ${input}` }),
};
const model = new DemoLanguageModel({ script, tokenDelayMs: 0 });
const ask = async (prompt: string, task?: typeof SUM) =>
  (await generateText({ model, prompt, ...(task ? promptFor(task) : { system: SUM.system }) })).text;

describe('the demo model', () => {
  it('answers the task its caller names, whatever the system prompt says', async () => {
    expect(await ask('Ann', GREETING)).toBe('Hello, Ann!');
    expect(await ask(JSON.stringify({ numbers: [1, 2, 3] }), SUM)).toBe('```json\n{\n  "sum": 6\n}\n```');
  });

  it('answers otherwise a call naming no task, and one whose input its task cannot read', async () => {
    // The system prompt alone names no task: it is not read.
    expect(await ask('{"numbers": [1]}')).toBe('No task for: {"numbers": [1]}');
    expect(await ask('not JSON', SUM)).toBe('No task for: not JSON');
    expect(await ask('{"words": []}', SUM)).toBe('No task for: {"words": []}');
  });
});
