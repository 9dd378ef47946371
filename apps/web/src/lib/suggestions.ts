import { SUGGESTIONS_SHOWN } from '@knap/contracts';

/** SPEC §5: the suggestions in random order (Fisher–Yates), of which only SUGGESTIONS_SHOWN are kept. */
export function pickSuggestions<T>(suggestions: readonly T[], random: () => number = Math.random): T[] {
  const shuffled = [...suggestions];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
  }
  return shuffled.slice(0, SUGGESTIONS_SHOWN);
}
