// The demo model's newsletters: a topics newsletter and a quarterly market commentary written from
// their JSON input by plain rules (a paragraph per known topic, the advisor's own figures named,
// a planning tip for the season), so the newsletter screens work offline and deterministically.
// A real model writes far better copy from the same JSON.
import {
  listOf,
  type NewsletterLength,
  type NewsletterTone,
  type TNewsletterQuarterlyDraft,
  type TNewsletterTopicsDraft,
} from '@knap/contracts';
import { type DemoHandler, jsonTask } from '../../platform/llm/demo-model.js';
import { QUARTERLY_PROMPT, type QuarterlyTaskInput, TOPICS_PROMPT, type TopicsTaskInput } from './prompts.js';

/** Paragraphs per known topic, most important first; the length decides how many are used. */
const TOPIC_TEXT: Record<string, { heading: string; paragraphs: string[] }> = {
  'market update': {
    heading: 'Markets: staying the course',
    paragraphs: [
      'Markets move every day, and headlines make each move sound urgent. Your plan was built for ups and downs, so short-term swings are rarely a reason to change it.',
      'We keep watching how your portfolio is spread across stocks, bonds and cash, and we rebalance when it drifts too far from the mix we agreed.',
      'If a headline worries you, call us: talking it through is always better than reacting to it.',
    ],
  },
  'tax planning': {
    heading: 'Tax planning: small steps that add up',
    paragraphs: [
      'A few moves before the end of the year can lower what you owe: topping up retirement accounts, timing gains and losses, and giving to charity from the right account.',
      'Keep your statements and receipts together; it makes the conversation with your tax preparer faster.',
      'We are glad to coordinate with your accountant so your investments and your return tell the same story.',
    ],
  },
  retirement: {
    heading: 'Retirement: checking you are on track',
    paragraphs: [
      'Saving steadily matters more than picking the perfect moment. Check that your contributions still match your goal, especially after a raise.',
      'If retirement is a few years away, now is the time to plan where your income will come from and in what order to draw on your accounts.',
      'We can run your numbers again at any time; a short review often brings peace of mind.',
    ],
  },
  'estate planning': {
    heading: 'Estate planning: keeping documents current',
    paragraphs: [
      'Life changes, and your will, beneficiary designations and powers of attorney should change with it.',
      'Beneficiary forms on retirement accounts and insurance override your will, so they deserve a look every year.',
      'We can work alongside your attorney to make sure your wishes and your accounts line up.',
    ],
  },
  'education savings': {
    heading: 'Education savings: giving time a chance',
    paragraphs: [
      'Starting early lets time do much of the work. A 529 plan grows tax-free when used for qualified education costs.',
      'Grandparents and family can contribute too, which makes a thoughtful gift for birthdays and holidays.',
      'As college gets closer, the investments usually become more conservative; we can check that yours do.',
    ],
  },
  'social security': {
    heading: 'Social Security: timing your claim',
    paragraphs: [
      'When you claim changes what you receive for life: waiting past full retirement age raises each payment.',
      'For couples, coordinating both claims can make a meaningful difference, especially for the survivor.',
      'We can compare the options side by side with the rest of your retirement income.',
    ],
  },
  'charitable giving': {
    heading: 'Charitable giving: doing more with each gift',
    paragraphs: [
      'Giving appreciated investments instead of cash can avoid capital gains tax and stretch your generosity.',
      'From age 70½, gifts straight from an IRA can count toward required distributions without adding to your income.',
      'A donor-advised fund lets you give in a high-income year and choose the charities over time.',
    ],
  },
  'insurance review': {
    heading: 'Insurance: is your coverage still right?',
    paragraphs: [
      'Coverage bought years ago may no longer match your family, your home or your income.',
      'Life, disability and long-term care insurance each protect the plan in a different way.',
      'We are happy to review your policies with you and point out any gaps.',
    ],
  },
};

const PARAGRAPHS: Record<NewsletterLength, number> = { short: 1, medium: 2, long: 3 };

const INTRO: Record<NewsletterTone, (topics: string) => string> = {
  warm: (topics) =>
    `I hope this note finds you and your family well. This edition covers ${topics}; as always, I am here if any of it raises questions for you.`,
  professional: (topics) =>
    `In this edition we cover ${topics}. Each section is brief; please contact our office to discuss how it applies to you.`,
  plain: (topics) => `Here is what is on our minds this season: ${topics}.`,
};

const CLOSING: Record<NewsletterTone, string> = {
  warm: 'Thank you for the trust you place in us. Reply to this email or give me a call any time.',
  professional: 'As always, we welcome the opportunity to review your plan with you.',
  plain: 'Questions? Just reply to this email.',
};

function demoTopicsDraft(input: TopicsTaskInput): TNewsletterTopicsDraft {
  const topics = input.topics.length ? input.topics : ['Market update'];
  const count = PARAGRAPHS[input.length] ?? 2;
  const sections = topics.map((topic) => {
    const known = TOPIC_TEXT[topic.trim().toLowerCase()];
    const paragraphs = known?.paragraphs ?? [
      `${topic} is on many of our clients' minds. The right approach depends on your goals and the rest of your plan.`,
      `We have been following ${topic.toLowerCase()} closely and can walk you through what it means for you.`,
      'If you would like to talk it through, we are glad to set up a short call.',
    ];
    return { topic, heading: known?.heading ?? topic, body: paragraphs.slice(0, count).join('\n\n') };
  });
  const first = topics[0]!;
  return {
    subject: topics.length === 1 ? `${first}: a note from your advisor` : `${first}, ${topics[1]} and more`,
    intro: INTRO[input.tone]?.(listOf(topics.map((t) => t.toLowerCase()))) ?? '',
    sections,
    closing: CLOSING[input.tone] ?? '',
  };
}

/** A planning tip per quarter of the year: what is timely then. */
const SEASONAL_TIPS: Record<string, string> = {
  Q1: 'Contributions to an IRA for last year can still be made until the tax filing deadline in April. If you have room, it is one of the simplest ways to lower last year’s taxes and add to your retirement savings.',
  Q2: 'Mid-year is a good moment to check your tax withholding and your savings rate. A small change now avoids a surprise next April.',
  Q3: 'Open enrollment for workplace benefits is coming. Review your health plan, your HSA contribution and your life and disability cover before the window closes.',
  Q4: 'Before December 31: take any required minimum distributions, consider harvesting losses to offset gains, and make the charitable gifts you plan for this year.',
};

/** 'S&P 500: +4.2%' -> 'S&P 500'. */
const labelOf = (figure: string) => figure.split(/[:=]|\s[-–]\s/)[0]!.trim();

function demoQuarterlyDraft(input: QuarterlyTaskInput): TNewsletterQuarterlyDraft {
  const season = input.quarter.slice(0, 2);
  const labels = input.figures.map(labelOf).filter(Boolean);
  const recap = labels.length
    ? `${input.quarter} kept investors busy. The key figures below show where ${listOf(labels)} ended the quarter. Diversified portfolios are built so that no single market has to carry the plan.`
    : `${input.quarter} kept investors busy, with markets reacting to news on the economy, interest rates and company earnings. Diversified portfolios are built so that no single market has to carry the plan.`;
  const tip = input.tip_topic.trim()
    ? `This quarter's tip is about ${input.tip_topic.trim().toLowerCase()}. It is worth a look now, while there is time to act; we are happy to review what it means for you.`
    : (SEASONAL_TIPS[season] ?? SEASONAL_TIPS.Q4!);
  return {
    subject: `Your ${input.quarter} market commentary`,
    market_recap: recap,
    outlook:
      'Nobody can predict the next quarter, and we do not try to. We expect markets to keep reacting to inflation, interest rates and earnings, and we stay focused on what we can control: your savings, your costs, your taxes and a mix of investments that fits your goals.',
    planning_tip: tip,
  };
}

export const NEWSLETTER_DEMO_ANSWERS: Record<string, DemoHandler> = {
  [TOPICS_PROMPT.task]: jsonTask(demoTopicsDraft),
  [QUARTERLY_PROMPT.task]: jsonTask(demoQuarterlyDraft),
};
