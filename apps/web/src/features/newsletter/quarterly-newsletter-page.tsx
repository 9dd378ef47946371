// /quarterly-newsletter: the quarterly market-commentary edition from a template (market recap,
// outlook, planning tip of the quarter, firm news); the advisor gives the figures and firm news.
import { NewsletterWorkspace } from './components/newsletter-workspace';

export function QuarterlyNewsletterPage() {
  return (
    <NewsletterWorkspace
      kind="quarterly"
      title="Quarterly newsletter"
      description="A market commentary for the quarter: give your figures and firm news, and the recap, outlook and planning tip are drafted around them for you to edit and send."
    />
  );
}
