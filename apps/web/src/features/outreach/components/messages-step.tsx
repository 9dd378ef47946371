// Outreach step 3: a drafted message per client, edited and then sent (email, after approval) or
// copied for a call or meeting and marked done.
import { Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { cardClasses, mutedTextClasses } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { type Draft, DraftFields, SendDraftButton, SentMark } from '../../knaps/components/draft-message';
import { StepLoadState } from '../../knaps/components/knap-step';
import { useKnapComponent } from '../../knaps/use-knap-component';
import type { TAiRecommendationsOutreachData } from '../types';
import { CHANNEL_LABELS, ReasonList } from './outreach-parts';

type Card = TAiRecommendationsOutreachData['cards'][number];
type Outcome = 'sent' | 'done';

export function MessagesStep() {
  const state = useKnapComponent<TAiRecommendationsOutreachData>('ai-recommendations-outreach');
  if (!state.data)
    return (
      <StepLoadState
        state={state}
        loadingLabel="Loading messages..."
        emptyText="Draft messages on the Who to contact step first."
      />
    );
  return <Messages data={state.data} />;
}

function Messages({ data }: { data: TAiRecommendationsOutreachData }) {
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(
      data.enhanced_insights.messages.map((m) => [m.id, { subject: m.subject, body: m.body }]),
    ),
  );
  const [outcomes, setOutcomes] = useState<Record<string, Outcome>>({});

  if (!data.cards.length) return <p className={mutedTextClasses}>No client was chosen for a message.</p>;
  const finished = Object.keys(outcomes).length;
  return (
    <div className="flex flex-col gap-4">
      <p className={mutedTextClasses}>
        {finished} of {data.cards.length} done. Edit a message before it goes; nothing is sent until you
        approve it.
      </p>
      <ul className="flex flex-col gap-3">
        {data.cards.map((card) => {
          const id = card.client.id;
          return (
            <MessageCard
              key={id}
              card={card}
              draft={drafts[id]}
              outcome={outcomes[id]}
              onDraftChange={(draft) => setDrafts((all) => ({ ...all, [id]: draft }))}
              onOutcome={(outcome) => setOutcomes((all) => ({ ...all, [id]: outcome }))}
            />
          );
        })}
      </ul>
    </div>
  );
}

interface MessageCardProps {
  card: Card;
  draft: Draft | undefined;
  outcome: Outcome | undefined;
  onDraftChange: (draft: Draft) => void;
  onOutcome: (outcome: Outcome) => void;
}

function MessageCard({ card, draft, outcome, onDraftChange, onOutcome }: MessageCardProps) {
  const nameId = useId();
  const { client, channel } = card;
  const canEmail = channel === 'email' && Boolean(client.email);

  const copy = async (text: Draft) => {
    try {
      await navigator.clipboard.writeText(`${text.subject}\n\n${text.body}`);
      toast.success('Copied');
    } catch {
      toast.error('Could not copy: select the text and copy it yourself.');
    }
  };

  return (
    <li>
      <article aria-labelledby={nameId} className={cn(cardClasses, 'flex flex-col gap-3')}>
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h2 id={nameId} className="font-semibold text-zinc-900 dark:text-zinc-50">
            {client.name}
          </h2>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {CHANNEL_LABELS[channel]}
            {channel === 'email' ? ` · ${client.email ?? 'No email address'}` : ''}
          </p>
        </div>
        <ReasonList reasons={card.reasons} />
        {draft ? (
          <DraftFields draft={draft} onChange={onDraftChange} isReadOnly={Boolean(outcome)} />
        ) : (
          <p className={mutedTextClasses}>No message was drafted for this client.</p>
        )}
        <div className="flex flex-wrap gap-2">
          {outcome ? (
            <SentMark label={outcome === 'sent' ? 'Sent' : 'Done'} />
          ) : canEmail && draft ? (
            <SendDraftButton
              to={client.email!}
              name={client.name}
              draft={draft}
              onSent={() => onOutcome('sent')}
            />
          ) : (
            <>
              {draft ? (
                <Button variant="secondary" size="sm" onClick={() => void copy(draft)}>
                  <Copy aria-hidden="true" className="size-4" />
                  Copy
                </Button>
              ) : null}
              <Button variant="secondary" size="sm" onClick={() => onOutcome('done')}>
                Mark done
              </Button>
            </>
          )}
        </div>
      </article>
    </li>
  );
}
