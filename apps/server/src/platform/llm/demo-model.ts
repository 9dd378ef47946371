// The built-in demo model: offline and deterministic. It says plainly that it is a demo, and it
// drives the real pipeline — it calls tools, asks for approval before sending email, and keeps a
// todo list for plans — so the app can be tried, and tested end to end, with no LLM configured.
// What it answers is a script (`DemoScript`): each module registers its answers by the id of the
// task it names (tasks.ts) next to its prompts; the model itself knows no module.
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
  LanguageModelV3Usage,
} from '@ai-sdk/provider';
import { taskOf } from './tasks.js';

export const DEMO_NOTICE =
  "I'm the built-in demo assistant of Knap Studio: I run offline and answer only a few kinds of questions. " +
  'For full conversations, ask your workspace administrator to connect an AI model (OpenAI, Anthropic or one your firm runs itself); ' +
  "once they have, I'll answer anything you ask.";

/** What the demo does next: write a text, or call a tool. */
export type DemoStep =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; toolName: string; input: Record<string, unknown> };

/** What a scripted answer is given. */
export interface DemoCall {
  /** The conversation so far (a tool's result is its last message). */
  prompt: LanguageModelV3Prompt;
  /** The names of the tools on offer. */
  toolNames: ReadonlySet<string>;
  /** The text of the last user message: a task's input. */
  input: string;
}

/** One task's scripted answer; null when it cannot read its input. */
export type DemoHandler = (call: DemoCall) => DemoStep | null;

export interface DemoScript {
  /** The answers by task id. */
  tasks: Readonly<Record<string, DemoHandler>>;
  /** The answer to a call that names no task, or whose handler could not read its input. */
  otherwise: (call: DemoCall) => DemoStep;
}

const textOf = (content: unknown): string =>
  Array.isArray(content)
    ? content
        .map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : ''))
        .join(' ')
    : typeof content === 'string'
      ? content
      : '';

/** What the script answers to one model call. */
export function demoStep(script: DemoScript, options: LanguageModelV3CallOptions): DemoStep {
  const call: DemoCall = {
    prompt: options.prompt,
    toolNames: new Set((options.tools ?? []).map((t) => t.name)),
    input: textOf([...options.prompt].reverse().find((m) => m.role === 'user')?.content),
  };
  const task = taskOf(options);
  return (task ? script.tasks[task]?.(call) : null) ?? script.otherwise(call);
}

/** A value as fenced JSON, the way many real models answer (the readers have to cope with it). */
export const fencedJson = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;

/**
 * A task answered from its JSON input by `answer`, as fenced JSON; null (the script's `otherwise`
 * answers) when the input is not JSON or `answer` cannot use it.
 */
export function jsonTask<I>(answer: (input: I) => unknown): DemoHandler {
  return ({ input }) => {
    let parsed: I;
    try {
      parsed = JSON.parse(input) as I;
    } catch {
      return null;
    }
    const value = answer(parsed);
    return value === null ? null : { kind: 'text', text: fencedJson(value) };
  };
}

const USAGE: LanguageModelV3Usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

/** Splits text into word-sized pieces so it streams like a model would. */
export const tokenize = (text: string) => text.match(/\s*\S+|\s+/g) ?? [];

export class DemoLanguageModel implements LanguageModelV3 {
  readonly specificationVersion = 'v3' as const;
  readonly provider = 'knap-demo';
  readonly modelId = 'knap-demo';
  readonly supportedUrls = {};
  private calls = 0;

  constructor(private readonly options: { script: DemoScript; tokenDelayMs: number }) {}

  private next(options: LanguageModelV3CallOptions): { step: DemoStep; id: string } {
    this.calls += 1;
    return {
      step: demoStep(this.options.script, options),
      id: `demo-${Date.now().toString(36)}-${this.calls}`,
    };
  }

  async doGenerate(options: LanguageModelV3CallOptions): Promise<LanguageModelV3GenerateResult> {
    const { step, id } = this.next(options);
    const content: LanguageModelV3Content[] =
      step.kind === 'text'
        ? [{ type: 'text', text: step.text }]
        : [{ type: 'tool-call', toolCallId: id, toolName: step.toolName, input: JSON.stringify(step.input) }];
    return {
      content,
      finishReason: { unified: step.kind === 'text' ? 'stop' : 'tool-calls', raw: undefined },
      usage: USAGE,
      warnings: [],
    };
  }

  async doStream(options: LanguageModelV3CallOptions): Promise<LanguageModelV3StreamResult> {
    const { step, id } = this.next(options);
    const delay = this.options.tokenDelayMs;
    const signal = options.abortSignal;
    const stream = new ReadableStream<LanguageModelV3StreamPart>({
      async start(controller) {
        const wait = () => (delay > 0 ? new Promise((r) => setTimeout(r, delay)) : Promise.resolve());
        controller.enqueue({ type: 'stream-start', warnings: [] });
        if (step.kind === 'text') {
          controller.enqueue({ type: 'text-start', id });
          for (const piece of tokenize(step.text)) {
            if (signal?.aborted) break;
            await wait();
            controller.enqueue({ type: 'text-delta', id, delta: piece });
          }
          controller.enqueue({ type: 'text-end', id });
        } else {
          await wait();
          controller.enqueue({
            type: 'tool-call',
            toolCallId: id,
            toolName: step.toolName,
            input: JSON.stringify(step.input),
          });
        }
        controller.enqueue({
          type: 'finish',
          usage: USAGE,
          finishReason: { unified: step.kind === 'text' ? 'stop' : 'tool-calls', raw: undefined },
        });
        controller.close();
      },
    });
    return { stream };
  }
}
