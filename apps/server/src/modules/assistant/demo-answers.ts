// The demo model's side of the assistant: a scripted chat (it calls tools, asks for approval before
// sending email, keeps a checklist for plans, then words the tools' results) and the suggestions.
import {
  DEMO_NOTICE,
  type DemoCall,
  type DemoHandler,
  type DemoStep,
} from '../../platform/llm/demo-model.js';
import { emailTopicIn, readFutureValue, readLoan, readRmd } from './demo-numbers.js';
import {
  DOCUMENTS_CLOSE,
  DOCUMENTS_OPEN,
  REPLY_PROMPT,
  RESUME_REQUEST,
  SUGGESTIONS_PROMPT,
} from './prompts.js';

export const DEMO_SUGGESTIONS = [
  'Send a follow-up email to anna@example.com',
  'Make a plan for the Henderson annual review',
  'What is the RMD at age 75 with a balance of 500,000?',
  'What would a mortgage of 300,000 at 6.5 cost a month?',
  'What is the future value of $500/month at 6% for 20 years?',
  'What time is it?',
];

const emailIn = (text: string) => /[\w.+-]+@[\w-]+(\.[\w-]+)+/.exec(text)?.[0];
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

/** 'anna@example.com' -> 'Anna', 'ann.henderson@x' -> 'Ann'; null when the address names nobody. */
export function firstNameOfAddress(address: string | undefined): string | null {
  const first = address?.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return /^[a-z]{2,}$/i.test(first) && !/^(info|team|hello|office|admin|contact|client|mail)$/i.test(first)
    ? first[0]!.toUpperCase() + first.slice(1).toLowerCase()
    : null;
}

/** The email the demo drafts to `to`: on the topic the user named, else a general follow-up. */
function draftEmail(userText: string, to: string) {
  const name = firstNameOfAddress(to);
  const hello = name ? `Hi ${name},` : 'Hello,';
  const topic = emailTopicIn(userText);
  if (!topic)
    return {
      to,
      subject: 'Following up on our conversation',
      body: `${hello}\n\nThank you for your time today. As discussed, I'll send over the summary and next steps shortly.\n\nBest regards`,
    };
  return {
    to,
    subject: topic[0]!.toUpperCase() + topic.slice(1),
    body: `${hello}\n\nI wanted to follow up with you about ${topic}. I'll send the details and the next steps shortly; tell me if you have any questions in the meantime.\n\nBest regards`,
  };
}

/**
 * An email asked for with no address: the draft as text and a question for the recipient, rather
 * than a send approval to a made-up address.
 */
function draftWithoutRecipient(userText: string): string {
  const { subject, body } = draftEmail(userText, '');
  return [
    'Here is a draft. Who should it go to? Give me their email address and I will prepare it for sending; you approve it before it goes.',
    `**Subject:** ${subject}`,
    body,
  ].join('\n\n');
}

/** What a plan is for, in the user's words: "a plan for the Henderson annual review" -> that review. */
export function planSubjectIn(userText: string): string | null {
  const m =
    /\b(?:plan|steps|checklist|to-?do(?: list)?)\s+(?:for|to prepare|before)\s+(?:the |my |our )?(.{3,80}?)[\s.?!]*$/i.exec(
      userText.trim(),
    );
  return m ? m[1]!.trim() : null;
}

/** A finance tool's result in one sentence (the card beside it shows every figure). */
function financeSentence(tool: string, value: unknown): string | null {
  const r = value as Record<string, number | boolean | null | string> | null;
  if (!r) return null;
  switch (tool) {
    case 'future_value':
      return `That grows to about **${money(Number(r.futureValue))}**: ${money(Number(r.totalContributions))} put in and ${money(Number(r.growth))} of growth.`;
    case 'loan_payment':
      return `The payment is **${money(Number(r.payment))}** a month; over the loan that is ${money(Number(r.totalPaid))}, of which ${money(Number(r.totalInterest))} is interest.`;
    case 'required_minimum_distribution':
      return r.required
        ? `This year's required minimum distribution is **${money(Number(r.rmd))}** (distribution period ${r.distributionPeriod}).`
        : `No distribution is required yet: ${r.note ?? 'RMDs start at age 73.'}`;
    case 'retirement_projection':
      return `The savings reach **${money(Number(r.balanceAtRetirement))}** at retirement and ${r.depletedAtAge ? `run out at age ${r.depletedAtAge}` : 'last through the horizon'}.`;
    default:
      return null;
  }
}

/** The demo quotes at most this many passages, each cut to about this many characters. */
const QUOTED_PASSAGES = 3;
const QUOTE_CHARS = 400;

const listOf = (names: string[]) =>
  new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' }).format(names.map((n) => `**${n}**`));

/** The names of the images the latest user message gave the model (its file parts). */
export function imagesGiven(prompt: DemoCall['prompt']): string[] {
  const last = [...prompt].reverse().find((m) => m.role === 'user');
  if (!last || typeof last.content === 'string') return [];
  return last.content.flatMap((p) =>
    p.type === 'file' && p.mediaType.startsWith('image/') ? [p.filename ?? 'an image'] : [],
  );
}

/** What the demo says of the images it was given: that it has them, and cannot look at them. */
const imagesReceived = (names: string[]) =>
  `I received the ${names.length === 1 ? 'image' : 'images'} ${listOf(names)}, but I run offline and cannot look at images: a connected AI model that takes images can describe ${names.length === 1 ? 'it' : 'them'}.`;

/**
 * With documents attached, the demo answers by quoting the passages the search found, each with
 * its citation, so the path from a statement to a cited answer shows without a model; it names the
 * images it was given, and says it cannot look at them.
 */
export function documentsAnswer(input: string, images: string[] = []): string {
  const block = input.slice(input.indexOf(DOCUMENTS_OPEN), input.indexOf(DOCUMENTS_CLOSE));
  const passages = [...block.matchAll(/<passage cite="([^"]*)">\n([\s\S]*?)\n<\/passage>/g)]
    .slice(0, QUOTED_PASSAGES)
    .map(([, cite, content]) => {
      const text = content!.length > QUOTE_CHARS ? `${content!.slice(0, QUOTE_CHARS).trimEnd()}…` : content!;
      return `${text
        .split('\n')
        .map((line) => `> ${line}`)
        .join('\n')}\n\n— ${cite}`;
    });
  const unreadable = [...block.matchAll(/<no_text document="([^"]*)">/g)].map(
    ([, name]) => `**${name}** has no text layer (it is a scanned image), so I cannot read it.`,
  );
  const searched = !block.includes('<passage') && block.includes('The search found no passage');
  const found = passages.length
    ? [`Here is what I found in your documents:`, ...passages]
    : searched && !unreadable.length && !images.length
      ? ['I found nothing in your documents about that. Try asking with words the document uses.']
      : [];
  return [
    ...(images.length ? [imagesReceived(images)] : []),
    ...found,
    ...unreadable,
    'I am the built-in demo assistant: I quote the passages the search found. A connected AI model answers from them in its own words.',
  ].join('\n\n');
}

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
          text: financeSentence(result.toolName, value) ?? 'Done — the result is shown above.',
        };
    }
  }

  if (input.includes(DOCUMENTS_OPEN))
    return { kind: 'text', text: documentsAnswer(input, imagesGiven(prompt)) };
  const userText = input.trim();
  if (userText === RESUME_REQUEST)
    return { kind: 'text', text: 'Picking up where I stopped: that is all I had to add.' };
  const text = userText.toLowerCase();
  const has = (name: string) => toolNames.has(name);
  if (has('send_email') && /\b(send|email|e-mail|write to)\b/.test(text)) {
    const to = emailIn(userText);
    if (!to) return { kind: 'text', text: draftWithoutRecipient(userText) };
    return { kind: 'tool', toolName: 'send_email', input: draftEmail(userText, to) };
  }
  if (has('update_todo_list') && /\b(plan|steps|checklist|to-?do)\b/.test(text)) {
    return {
      kind: 'tool',
      toolName: 'update_todo_list',
      input: {
        items: [
          {
            text: planSubjectIn(userText)
              ? `Gather the goals and accounts for the ${planSubjectIn(userText)}`
              : "Review the client's goals and current accounts",
            status: 'in_progress',
          },
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
      input: readRmd(userText),
    };
  }
  if (has('loan_payment') && /\b(mortgage|loan)\b/.test(text)) {
    return {
      kind: 'tool',
      toolName: 'loan_payment',
      input: readLoan(userText),
    };
  }
  if (has('future_value') && /\b(future value|compound|grow)/.test(text)) {
    return {
      kind: 'tool',
      toolName: 'future_value',
      input: readFutureValue(userText),
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
      '**"future value of $500/month at 6% for 20 years"** — exact financial math.\n' +
      '- **"Draft an email to anna@example.com about her annual review"** — a draft on that topic.\n' +
      '- **"What time is it?"** — in your timezone.',
  };
}

export const ASSISTANT_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [REPLY_PROMPT.task]: demoChat,
  [SUGGESTIONS_PROMPT.task]: () => ({ kind: 'text', text: JSON.stringify(DEMO_SUGGESTIONS) }),
};
