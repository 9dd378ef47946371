// The chat screen (/chat and /chat?id=): the welcome state or an open chat, and the composer.
import type { TChat } from '@knap/contracts';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { DelayedSpinner } from '../../components/ui/delayed-spinner';
import { useCurrentUser } from '../auth/store';
import { logChatFailure } from './chat-errors';
import { ChatThread } from './components/chat-thread';
import { ChatWelcome } from './components/chat-welcome';
import { Composer } from './components/composer';
import { useChat } from './queries';
import { useSendMessage } from './send-message';

export function ChatPage() {
  const [searchParams] = useSearchParams();
  const chatId = searchParams.get('id');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const chatQuery = useChat(chatId);
  const { sendMessage, isSending } = useSendMessage();

  const [draft, setDraft] = useState('');
  // The draft belongs to the chat it was typed in, except when sending it is what created the chat.
  const [draftChatId, setDraftChatId] = useState(chatId);
  const [createdChatId, setCreatedChatId] = useState<string | null>(null);
  if (draftChatId !== chatId) {
    setDraftChatId(chatId);
    if (chatId !== createdChatId) setDraft('');
  }

  // SPEC §2/§8: a chat that cannot be loaded sends the user back to a new chat.
  const loadError = chatId ? chatQuery.error : null;
  useEffect(() => {
    if (!loadError) return;
    logChatFailure('get chat', loadError);
    navigate('/chat', { replace: true });
  }, [loadError, navigate]);

  const chat: TChat | undefined = chatId ? chatQuery.data : undefined;

  const handleSend = async (text: string) => {
    const sent = await sendMessage({
      chat: chat ?? null,
      content: text,
      onChatCreated: (created) => {
        setCreatedChatId(created.id);
        navigate(`/chat?id=${encodeURIComponent(created.id)}`, { replace: true });
      },
    });
    // Only clear what was sent: the user may have typed on (or moved to another chat) meanwhile.
    if (sent) setDraft((current) => (current.trim() === text ? '' : current));
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      {!chatId ? (
        <ChatWelcome name={user?.name} />
      ) : chat ? (
        <ChatThread chat={chat} />
      ) : (
        <div className="min-h-0 flex-1">
          <DelayedSpinner label="Loading chat" />
        </div>
      )}
      <Composer
        value={draft}
        onChange={setDraft}
        onSend={handleSend}
        isSending={isSending}
        isDisabled={Boolean(chatId) && !chat}
      />
    </div>
  );
}
