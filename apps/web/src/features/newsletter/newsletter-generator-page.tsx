// /newsletter-generator: a client newsletter on chosen topics, drafted by the model, edited,
// previewed as the email, exported as a PDF or sent to a segment of the user's clients.
import { NewsletterWorkspace } from './components/newsletter-workspace';

export function NewsletterGeneratorPage() {
  return (
    <NewsletterWorkspace
      kind="topics"
      title="Newsletter generator"
      description="Pick topics, a tone and a length: the draft is yours to edit, preview as the email, export as a PDF or send to your clients after you approve it."
    />
  );
}
