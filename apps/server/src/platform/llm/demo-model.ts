// The built-in demo model: offline and deterministic. It says plainly that it is a demo, and it
// drives the real pipeline — it calls tools, asks for approval before sending email, and keeps a
// todo list for plans — so the app can be tried, and tested end to end, with no LLM configured.
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
import { demoBriefingAnswer } from './demo-briefings.js';
import { demoKnapAnswer } from './demo-knaps.js';
import { demoNewsletterAnswer } from './demo-newsletters.js';
import { demoMeetingNotes, MEETING_NOTES_TASK } from './demo-notes.js';
import { demoPlanAnswer } from './demo-plans.js';
import { demoReviewAnswer } from './demo-reviews.js';

export const DEMO_NOTICE =
  "I'm the built-in demo assistant of Knap Studio: I run offline and only follow a few scripted paths. " +
  'To chat with a real model, set LLM_PROVIDER (openai, anthropic or openai-compatible), LLM_MODEL and ' +
  'LLM_API_KEY (or LLM_BASE_URL for a local server such as Ollama) and restart the server.';

type Step =
  | { kind: 'text'; text: string }
  | { kind: 'tool'; toolName: string; input: Record<string, unknown> };

const textOf = (content: unknown): string =>
  Array.isArray(content)
    ? content
        .map((p: { type?: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : ''))
        .join(' ')
    : typeof content === 'string'
      ? content
      : '';

const emailIn = (text: string) => /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(text)?.[0];
const numberAfter = (text: string, words: RegExp, fallback: number) => {
  const m = new RegExp(`${words.source}\\D{0,20}?([\\d,.]+)`, 'i').exec(text);
  const n = m ? Number(m[1]!.replace(/,/g, '')) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** What the demo does next, decided from the conversation so far. */
export const DEMO_SUGGESTIONS = [
  'Send a follow-up email to anna@example.com',
  'Make a plan for the Henderson annual review',
  'What is the RMD at age 75 with a balance of 500,000?',
  'What would a mortgage of 300,000 at 6.5 cost a month?',
  'What is the future value of 10,000 at 6% for 10 years?',
  'What time is it?',
];

export function decideDemoStep(prompt: LanguageModelV3Prompt, toolNames: ReadonlySet<string>): Step {
  const system = prompt.find((m) => m.role === 'system')?.content ?? '';
  if (typeof system === 'string' && system.includes('JSON array')) {
    return { kind: 'text', text: JSON.stringify(DEMO_SUGGESTIONS) };
  }
  if (typeof system === 'string' && system.startsWith(MEETING_NOTES_TASK)) {
    const transcript = textOf([...prompt].reverse().find((m) => m.role === 'user')?.content);
    // Fenced, like many real models answer: the reader has to cope with it.
    return {
      kind: 'text',
      text: `\`\`\`json\n${JSON.stringify(demoMeetingNotes(transcript), null, 2)}\n\`\`\``,
    };
  }
  const knapAnswer =
    typeof system === 'string' &&
    demoKnapAnswer(system, textOf([...prompt].reverse().find((m) => m.role === 'user')?.content));
  if (knapAnswer) return { kind: 'text', text: knapAnswer };
  const reviewAnswer =
    typeof system === 'string' &&
    demoReviewAnswer(system, textOf([...prompt].reverse().find((m) => m.role === 'user')?.content));
  if (reviewAnswer) return { kind: 'text', text: reviewAnswer };
  const newsletterAnswer =
    typeof system === 'string' &&
    demoNewsletterAnswer(system, textOf([...prompt].reverse().find((m) => m.role === 'user')?.content));
  if (newsletterAnswer) return { kind: 'text', text: newsletterAnswer };
  const planAnswer =
    typeof system === 'string' &&
    demoPlanAnswer(system, textOf([...prompt].reverse().find((m) => m.role === 'user')?.content));
  if (planAnswer) return { kind: 'text', text: planAnswer };
  const briefingAnswer =
    typeof system === 'string' &&
    demoBriefingAnswer(system, textOf([...prompt].reverse().find((m) => m.role === 'user')?.content));
  if (briefingAnswer) return { kind: 'text', text: briefingAnswer };
  const last = prompt.at(-1);
  if (last?.role === 'tool') {
    const results = last.content.filter((p) => p.type === 'tool-result');
    const result = results.at(-1);
    if (!result) return { kind: 'text', text: 'Done.' };
    const output = result.output;
    if (output.type === 'execution-denied') {
      return {
        kind: 'text',
        text: "Understood — I didn't send it. Tell me if you'd like to change anything.",
      };
    }
    if (output.type === 'error-text' || output.type === 'error-json') {
      return { kind: 'text', text: `That didn't work: ${JSON.stringify(output.value)}` };
    }
    const value = output.type === 'json' ? output.value : output.type === 'text' ? output.value : null;
    switch (result.toolName) {
      case 'send_email': {
        const sent = value as { to?: string; delivered_to?: string } | null;
        const to = sent?.to ?? 'your client';
        if (sent?.delivered_to === 'review')
          return {
            kind: 'text',
            text: `Your organization reviews client email first: the email to ${to} is waiting for an admin's approval. I'll tell you here when it is decided.`,
          };
        const where =
          sent?.delivered_to === 'gmail'
            ? 'from your Gmail'
            : sent?.delivered_to === 'outlook'
              ? 'from your Outlook'
              : null;
        return {
          kind: 'text',
          text: where ? `Sent ${where} to ${to}.` : `Sent. The email to ${to} is in your outbox.`,
        };
      }
      case 'update_todo_list':
        return {
          kind: 'text',
          text: "Here's the plan as a checklist. In the demo I stop here; a real model would work through each step and tick it off.",
        };
      case 'list_meetings': {
        const r = value as { meetings?: Array<{ title: string; start: string }>; note?: string };
        if (r?.note)
          return {
            kind: 'text',
            text: `${r.note}. Connect Google or Microsoft Calendar on the Connections page and ask me again.`,
          };
        const list = (r?.meetings ?? [])
          .map((m) => `- **${m.title}** — ${new Date(m.start).toUTCString()}`)
          .join('\n');
        return {
          kind: 'text',
          text: list ? `Your upcoming meetings:\n\n${list}` : 'You have no meetings in the coming days.',
        };
      }
      case 'current_datetime':
        return { kind: 'text', text: `It is ${(value as { local?: string })?.local ?? 'now'}.` };
      default:
        return {
          kind: 'text',
          text: `Here is what I calculated:\n\n\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``,
        };
    }
  }

  const userText = textOf([...prompt].reverse().find((m) => m.role === 'user')?.content).trim();
  const text = userText.toLowerCase();
  const has = (name: string) => toolNames.has(name);
  if (has('send_email') && /\b(send|email|e-mail|write to)\b/.test(text)) {
    const to = emailIn(userText) ?? 'client@example.com';
    return {
      kind: 'tool',
      toolName: 'send_email',
      input: {
        to,
        subject: 'Following up on our conversation',
        body: `Hi,\n\nThank you for your time today. As discussed, I'll send over the summary and next steps shortly.\n\nBest regards`,
      },
    };
  }
  if (has('update_todo_list') && /\b(plan|steps|checklist|to-?do)\b/.test(text)) {
    return {
      kind: 'tool',
      toolName: 'update_todo_list',
      input: {
        items: [
          { text: "Review the client's goals and current accounts", status: 'in_progress' },
          { text: 'Run the retirement projection', status: 'pending' },
          { text: 'Draft recommendations', status: 'pending' },
          { text: 'Prepare the follow-up email', status: 'pending' },
        ],
      },
    };
  }
  if (has('list_meetings') && /\bmeetings?\b/.test(text))
    return { kind: 'tool', toolName: 'list_meetings', input: {} };
  if (/\bmeetings?\b/.test(text)) {
    return {
      kind: 'text',
      text: `I can't see any meetings yet: connect a Google or Microsoft calendar first.\n\n${DEMO_NOTICE}`,
    };
  }
  if (has('required_minimum_distribution') && /\b(rmd|required minimum)\b/.test(text)) {
    return {
      kind: 'tool',
      toolName: 'required_minimum_distribution',
      input: {
        age: numberAfter(text, /age/, 75),
        priorYearEndBalance: numberAfter(text, /balance/, 500_000),
      },
    };
  }
  if (has('loan_payment') && /\b(mortgage|loan)\b/.test(text)) {
    return {
      kind: 'tool',
      toolName: 'loan_payment',
      input: {
        principal: numberAfter(text, /(mortgage|loan)( of)?/, 300_000),
        annualRatePct: numberAfter(text, /at/, 6.5),
        years: 30,
      },
    };
  }
  if (has('future_value') && /\b(future value|compound|grow)/.test(text)) {
    return {
      kind: 'tool',
      toolName: 'future_value',
      input: {
        presentValue: numberAfter(text, /(value of|invest|of)/, 10_000),
        annualRatePct: numberAfter(text, /at/, 6),
        years: numberAfter(text, /for/, 10),
      },
    };
  }
  if (has('current_datetime') && /\b(time|date|today|day is it)\b/.test(text)) {
    return { kind: 'tool', toolName: 'current_datetime', input: {} };
  }
  return {
    kind: 'text',
    text:
      `${DEMO_NOTICE}\n\nThings I can show you here:\n\n` +
      '- **"Send a follow-up email to anna@example.com"** — I draft it and ask for your approval first.\n' +
      '- **"Make a plan for the Henderson review"** — I keep a checklist.\n' +
      '- **"What is the RMD at age 75 with a balance of 500,000?"**, **"mortgage of 300,000 at 6.5"**, ' +
      '**"future value of 10,000 at 6% for 10 years"** — exact financial math.\n' +
      '- **"What time is it?"** — in your timezone.',
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

  constructor(private readonly options: { tokenDelayMs: number } = { tokenDelayMs: 12 }) {}

  private next(options: LanguageModelV3CallOptions): { step: Step; id: string } {
    const names = new Set((options.tools ?? []).map((t) => t.name));
    this.calls += 1;
    return {
      step: decideDemoStep(options.prompt, names),
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
