// The chat screen (/chat and /chat?id=): the welcome state or an open chat with the assistant.
import { DETAIL, type TAttachedDocument, type TChat } from '@knap/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DelayedSpinner } from '../../components/ui/delayed-spinner';
import { isServerAway } from '../../lib/api-client';
import { useOpenSettings } from '../../lib/open-settings';
import { useCurrentUser } from '../auth/store';
import { useCreditsComeBack } from '../billing/queries';
import { useDocumentLimits } from '../documents/queries';
import { useAttachments } from '../documents/use-attachments';
import { SetupBanner } from '../onboarding/setup-banner';
import { logChatFailure } from './chat-errors';
import { ChatWelcome } from './components/chat-welcome';
import { Composer } from './components/composer';
import { OutOfCreditsBanner } from './components/out-of-credits-banner';
import { SuggestionChips } from './components/suggestion-chips';
import { ToolsMenu } from './components/tools-menu';
import { chatKeys, useChat } from './queries';
import { useStartChat } from './send-message';

// The open chat streams with the AI SDK, a large share of this screen's code: it loads when a chat
// opens (or as the user starts a first message), so the welcome screen does not wait for it.
const loadConversation = () => import('./components/chat-conversation');
const ChatConversation = lazy(async () => ({ default: (await loadConversation()).ChatConversation }));
const preloadConversation = () => void loadConversation();

function ChatLoading() {
  return (
    <>
      <div className="min-h-0 flex-1">
        <DelayedSpinner label="Loading chat" />
      </div>
      <Composer value="" onChange={() => {}} onSend={() => {}} isSending={false} isDisabled />
    </>
  );
}

export function ChatPage() {
  const [searchParams] = useSearchParams();
  const chatId = searchParams.get('id');
  const navigate = useNavigate();
  const user = useCurrentUser();
  const chatQuery = useChat(chatId);
  const { startChat, isStarting } = useStartChat();
  // The Tools menu's choice before the chat exists; stored with the chat the first message creates.
  const [newChatToolsOff, setNewChatToolsOff] = useState<string[]>([]);

  const [draft, setDraft] = useState('');
  // The draft belongs to the chat it was typed in, except when sending it is what created the chat.
  const [draftChatId, setDraftChatId] = useState(chatId);
  // A chat started from the welcome screen, and the first message it still has to send.
  const [started, setStarted] = useState<{
    chatId: string;
    text: string;
    documents: TAttachedDocument[];
  } | null>(null);
  // Files attached on the welcome screen go with the first message.
  const limits = useDocumentLimits();
  const attachments = useAttachments(limits.data);
  // A chat the server removed, its first message refused for lack of credits: the message comes
  // back here, on the welcome screen, with the out-of-credits banner.
  // State, not a ref: this render-time check runs twice in StrictMode, and a ref changed by the
  // first run made the second clear the draft.
  const [keepsDraft, setKeepsDraft] = useState(false);
  const [isRefusedForCredits, setRefusedForCredits] = useState(false);
  if (draftChatId !== chatId) {
    setDraftChatId(chatId);
    if (keepsDraft) setKeepsDraft(false);
    else if (chatId !== started?.chatId) setDraft('');
  }
  const queryClient = useQueryClient();
  const openSettings = useOpenSettings();
  useCreditsComeBack(isRefusedForCredits, () => setRefusedForCredits(false));
  const handleDiscarded = useCallback(
    (text: string) => {
      setKeepsDraft(true);
      setDraft((current) => (current.trim() ? current : text));
      setStarted(null);
      setRefusedForCredits(true);
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      navigate('/chat', { replace: true });
    },
    [queryClient, navigate],
  );

  // SPEC §2/§8: a chat that cannot be loaded sends the user back to a new chat. Not while the server
  // cannot be reached (no answer, or a gateway's 5xx): the chat and the draft stay on screen and
  // the connection banner says why; the chat is fetched again once the server is back.
  const loadError = chatId && !isServerAway(chatQuery.error) ? chatQuery.error : null;
  useEffect(() => {
    if (!loadError) return;
    logChatFailure('get chat', loadError);
    navigate('/chat', { replace: true });
  }, [loadError, navigate]);

  const chat: TChat | undefined = chatId ? chatQuery.data : undefined;

  const handleStart = async (text: string) => {
    preloadConversation();
    setRefusedForCredits(false);
    const created = await startChat(text, newChatToolsOff);
    if (!created) return;
    setNewChatToolsOff([]);
    // Only clear what was sent: the user may have typed on meanwhile.
    setDraft((current) => (current.trim() === text ? '' : current));
    setStarted({ chatId: created.id, text, documents: attachments.documents });
    attachments.clear();
    navigate(`/chat?id=${encodeURIComponent(created.id)}`, { replace: true });
  };

  // Another screen (the Sevanta page's suggestions) can open /chat with a first message to send.
  const location = useLocation();
  const handOff = chatId ? undefined : (location.state as { prompt?: unknown } | null)?.prompt;
  const handedOff = useRef(false);
  useEffect(() => {
    if (typeof handOff !== 'string' || !handOff.trim() || handedOff.current) return;
    handedOff.current = true;
    void handleStart(handOff.trim());
  });

  const clearStarted = useCallback(
    () => setStarted((current) => (current ? { ...current, text: '' } : current)),
    [],
  );

  return (
    <div className="flex h-full min-h-0 flex-col">
      {!chatId ? (
        <>
          <SetupBanner />
          <ChatWelcome name={user?.name}>
            <SuggestionChips onPick={handleStart} isDisabled={isStarting} />
          </ChatWelcome>
          {isRefusedForCredits ? (
            <OutOfCreditsBanner
              message={DETAIL.outOfCredits}
              onUpgrade={openSettings ? () => openSettings('subscription') : undefined}
            />
          ) : null}
          <Composer
            value={draft}
            onChange={setDraft}
            onSend={handleStart}
            isSending={isStarting}
            onFocus={preloadConversation}
            leading={<ToolsMenu newChat={{ off: newChatToolsOff, onChange: setNewChatToolsOff }} />}
            attachments={{ state: attachments, limits: limits.data }}
          />
        </>
      ) : chat ? (
        <Suspense fallback={<ChatLoading />}>
          <ChatConversation
            key={chat.id}
            chat={chat}
            draft={draft}
            onDraftChange={setDraft}
            initialMessage={started?.chatId === chat.id && started.text ? started.text : undefined}
            initialDocuments={started?.chatId === chat.id ? started.documents : undefined}
            onInitialMessageSent={clearStarted}
            onDiscarded={handleDiscarded}
          />
        </Suspense>
      ) : (
        <ChatLoading />
      )}
    </div>
  );
}
