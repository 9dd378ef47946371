// The deal-flow page's query: the questions it offers once connected.
import { SEVANTA_DEFAULT_SUGGESTIONS } from '@knap/contracts';
import { useQuery } from '@tanstack/react-query';
import { pickSuggestions } from '../../lib/suggestions';
import { getSevantaSuggestions } from './api';

export const sevantaKeys = {
  suggestions: ['sevanta', 'suggestions'] as const,
};

/** Three questions to start from: the user's own pipeline, else SPEC §8's defaults (on failure too). */
export const useSevantaSuggestions = () =>
  useQuery({
    queryKey: sevantaKeys.suggestions,
    queryFn: async () => {
      const found = await getSevantaSuggestions(['sevanta'], 'sevanta-page').catch(() => []);
      return pickSuggestions(found.length ? found : SEVANTA_DEFAULT_SUGGESTIONS);
    },
  });
