// The embedded default bot service: no account, no network. A simulated bot joins when its meeting
// starts, records SIMULATED_RECORDING_DELAY_MS later, is done when the meeting ends, and hands
// back a sample advisor-client review as its transcript. It keeps nothing in memory: each step
// reads where the bots are from their meetings, so a restart picks up where it left off.
import { randomUUID } from 'node:crypto';
import type { MeetingBotStatus } from '@knap/contracts';
import type { BotEvent, MeetingBotProvider } from './provider.js';

export const SIMULATED_BOT_PREFIX = 'sim-';
export const SIMULATED_RECORDING_DELAY_MS = 30_000;
/** A meeting without an end time is taken to last this long. */
export const SIMULATED_MEETING_MS = 30 * 60_000;

export function createSimulatorProvider(): MeetingBotProvider {
  return {
    kind: 'simulator',
    createBot: async () => ({ id: `${SIMULATED_BOT_PREFIX}${randomUUID()}` }),
    deleteBot: async () => undefined,
    fetchTranscript: async () => SAMPLE_TRANSCRIPT,
    isReachable: async () => true,
  };
}

export interface SimulatedBot {
  botId: string;
  status: MeetingBotStatus;
  startTime: string;
  endTime: string | null;
}

const STEPS = ['scheduled', 'joining', 'in_call_recording', 'done'] as const;

/** The status changes due by `now`, in order: a bot whose steps were missed catches up one by one. */
export function simulatedEvents(bots: SimulatedBot[], now: Date): BotEvent[] {
  const t = now.getTime();
  return bots.flatMap((bot) => {
    const start = Date.parse(bot.startTime);
    const end = bot.endTime ? Date.parse(bot.endTime) : start + SIMULATED_MEETING_MS;
    const due = t >= end ? 3 : t >= start + SIMULATED_RECORDING_DELAY_MS ? 2 : t >= start ? 1 : 0;
    const at = STEPS.indexOf(bot.status as (typeof STEPS)[number]);
    if (at < 0) return [];
    return STEPS.slice(at + 1, due + 1).map(
      (status): BotEvent => ({ botId: bot.botId, status: status as BotEvent['status'], reason: null }),
    );
  });
}

/** A few minutes of an annual review, with the family, goals, risk and accounts notes are made of. */
export const SAMPLE_TRANSCRIPT = [
  'Jordan Ellis: Thanks for making the time, both of you. The plan today is a quick look at where the accounts stand, then your goals, and whether the risk level still feels right.',
  'Maria Chen: Sounds good. We have a couple of changes on our side too.',
  'Jordan Ellis: Let us start with those, then. What has changed since we last met?',
  'David Chen: Emma got into State, so she starts college in the fall of 2027. And my mother is moving in with us in the spring.',
  'Jordan Ellis: Congratulations to Emma. How is the 529 looking against what you expect tuition to be?',
  'Maria Chen: The statement says about sixty-two thousand. We were hoping it would cover four years of in-state tuition, but I am not sure it will.',
  'Jordan Ellis: In-state tuition and fees there run about twenty-four thousand a year now, so you are short roughly thirty-five thousand before room and board. We can keep adding five hundred a month and move the 529 to the 2027 enrollment portfolio so it gets more conservative as she gets closer.',
  'David Chen: Let us do that. And Lucas is twelve, so we should start thinking about his too.',
  'Jordan Ellis: Agreed. I will open a second 529 for Lucas with two hundred a month to start. Now, retirement. Is sixty-two still the target for you, David?',
  'David Chen: Sixty-two for me. Maria wants to keep consulting part-time until about sixty-five.',
  'Jordan Ellis: That works well with the numbers. On current savings you are on track for about eighty-five percent of the income you told me you want. Maxing out both 401(k)s closes most of that gap.',
  'Maria Chen: I am already at the max. David is at ten percent.',
  'David Chen: I can go to the max once the car is paid off in March.',
  'Jordan Ellis: Good. Speaking of your 401(k), David, you still have the old one from Harlow Industries sitting there, about one hundred and forty thousand in a target-date fund. I would roll that into your IRA at Schwab so it is invested alongside everything else and the fees come down.',
  'David Chen: I keep meaning to do that. What do you need from me?',
  'Jordan Ellis: I will send the rollover paperwork this week; you sign it and I will handle the call with Harlow.',
  'Jordan Ellis: Now risk. When we set this up you were comfortable with an eighty-twenty stock to bond mix. After the drop in 2022, Maria, you told me you lost sleep over it. How do you feel today?',
  'Maria Chen: Honestly, with college and David retiring in about eight years, I would rather not see another twenty percent drop. Something more in the middle.',
  'David Chen: I am fine with some ups and downs, but I agree we should dial it back a bit.',
  'Jordan Ellis: Then I suggest moving the joint brokerage account and the IRAs to sixty-forty over the next two months. You keep growth but the swings are smaller. I will mark your risk tolerance as moderate.',
  'Maria Chen: That feels right.',
  'Jordan Ellis: Last, your mother moving in. Has anyone talked about long-term care?',
  'David Chen: Not really. She has her pension and some savings, maybe two hundred thousand.',
  "Jordan Ellis: Worth a separate conversation with her. I can also review your own life insurance, since the beneficiaries on Maria's policy still list her sister from before the kids were born.",
  'Maria Chen: Oh, we need to fix that. Please send the form.',
  'Jordan Ellis: Will do. So, to recap: rollover paperwork for the Harlow 401(k), the 529 moves to the 2027 portfolio with five hundred a month, a new 529 for Lucas, rebalance to sixty-forty, and the beneficiary form. Let us meet again in three months.',
  'David Chen: Perfect. Thanks, Jordan.',
].join('\n');
