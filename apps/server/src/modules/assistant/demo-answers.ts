// The demo model's side of the assistant: a scripted chat (it calls tools, asks for approval before
// sending email, keeps a checklist for plans, then words the tools' results) and the suggestions.
import {
  DEMO_NOTICE,
  type DemoCall,
  type DemoHandler,
  type DemoStep,
} from '../../platform/llm/demo-model.js';
import { REPLY_PROMPT, RESUME_REQUEST, SUGGESTIONS_PROMPT } from './prompts.js';

export const DEMO_SUGGESTIONS = [
  'Send a follow-up email to anna@example.com',
  'Make a plan for the Henderson annual review',
  'What is the RMD at age 75 with a balance of 500,000?',
  'What would a mortgage of 300,000 at 6.5 cost a month?',
  'What is the future value of 10,000 at 6% for 10 years?',
  'What time is it?',
];

const emailIn = (text: string) => /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(text)?.[0];
const numberAfter = (text: string, words: RegExp, fallback: number) => {
  const m = new RegExp(`${words.source}\\D{0,20}?([\\d,.]+)`, 'i').exec(text);
  const n = m ? Number(m[1]!.replace(/,/g, '')) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};

/** What the demo does next in a chat, decided from the conversation so far. */
export function demoChat({ prompt, toolNames, input }: DemoCall): DemoStep {
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

  const userText = input.trim();
  if (userText === RESUME_REQUEST)
    return { kind: 'text', text: 'Picking up where I stopped: that is all I had to add.' };
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

export const ASSISTANT_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [REPLY_PROMPT.task]: demoChat,
  [SUGGESTIONS_PROMPT.task]: () => ({ kind: 'text', text: JSON.stringify(DEMO_SUGGESTIONS) }),
};
