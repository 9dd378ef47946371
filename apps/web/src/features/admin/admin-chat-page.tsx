import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { ComingSoon } from '../../components/ui/coming-soon';

export function AdminChatPage() {
  const { chatId } = useParams();
  return (
    <main className="flex min-h-dvh">
      <ComingSoon title="Admin chat" description={`The admin view of chat ${chatId ?? ''} is being built.`}>
        <Link to="/admin" className={buttonClasses('secondary')}>
          Back to admin
        </Link>
      </ComingSoon>
    </main>
  );
}
