import { ComingSoon } from '../../components/ui/coming-soon';

export function ChatPage() {
  return (
    <ComingSoon title="Chat" description="Chat with your assistant and pick up saved conversations here." />
  );
}
