// The Outreach Recommendations knap: the clients -> who needs contact now and why -> drafted messages.
import { KnapLayout } from '../knaps/components/knap-layout';
import { ClientsStep } from './components/clients-step';
import { ContactCardsStep } from './components/contact-cards-step';
import { MessagesStep } from './components/messages-step';

const STEP_LABELS = {
  'client-info': 'Clients',
  'client-cards': 'Who to contact',
  recommendations: 'Messages',
};

export function OutreachPage() {
  return (
    <KnapLayout
      knap="outreachRecommendations"
      title="Outreach"
      description="See which clients are due a call, a birthday note or an RMD reminder, and send each a message drafted for them."
      stepLabels={STEP_LABELS}
      renderStep={(step) =>
        step === 'client-cards' ? (
          <ContactCardsStep />
        ) : step === 'recommendations' ? (
          <MessagesStep />
        ) : (
          <ClientsStep />
        )
      }
    />
  );
}
