// One message of the thread with its actions: copy on every message; on the user's, Edit (an inline
// editor that sends a new version); on replies, thumbs up or down, Regenerate on the latest, and
// "Stopped" with Continue; the version switcher wherever a message has more than one version.
import type { AssistantUIMessage, TMessage } from '@knap/contracts';
import { useState } from 'react';
import {
  EditButton,
  FeedbackButtons,
  MessageActions,
  type RateReply,
  RegenerateButton,
  StoppedMark,
  useCopyActions,
  VersionSwitcher,
} from './message-actions';
import { MessageEditor } from './message-editor';
import { type DecideApproval, MessageItem } from './message-item';

export interface ThreadMessageProps {
  message: AssistantUIMessage;
  row: TMessage | undefined;
  isLive?: boolean;
  isBusy?: boolean;
  showFailureNote?: boolean;
  onDecide?: DecideApproval | undefined;
  /** Its versions, when it has more than one: which is shown, and how to show another. */
  versions?: { index: number; count: number; onPick: (index: number) => void } | undefined;
  /** Set on the user's messages that can be edited (those of the conversation as it stands). */
  onEdit?: ((text: string) => void) | undefined;
  /** Set on the latest finished reply. */
  onRegenerate?: (() => void) | undefined;
  /** Set on a stopped reply that is the latest. */
  onContinue?: (() => void) | undefined;
  /** Set on stored replies. */
  onRate?: RateReply | undefined;
}

const markdownOf = (message: AssistantUIMessage) =>
  message.parts
    .filter((part) => part.type === 'text')
    .map((part) => part.text.trim())
    .filter(Boolean)
    .join('\n\n');

export function ThreadMessage(props: ThreadMessageProps) {
  const {
    message,
    row,
    isLive = false,
    isBusy = false,
    versions,
    onEdit,
    onRegenerate,
    onContinue,
    onRate,
  } = props;
  const [isEditing, setIsEditing] = useState(false);
  const [feedbackStatus, setFeedbackStatus] = useState<string | undefined>();
  const markdown = markdownOf(message);
  const copy = useCopyActions(markdown);
  const isUser = message.role === 'user';
  const stopped = !isUser && row?.metadata?.stopped === true;

  const footer = isLive ? null : (
    <MessageActions align={isUser ? 'end' : 'start'} status={copy.status ?? feedbackStatus}>
      {stopped ? <StoppedMark onContinue={onContinue} disabled={isBusy} /> : null}
      {versions ? <VersionSwitcher {...versions} /> : null}
      {markdown ? copy.buttons : null}
      {onEdit ? <EditButton onEdit={() => setIsEditing(true)} disabled={isBusy} /> : null}
      {onRegenerate ? <RegenerateButton onRegenerate={onRegenerate} disabled={isBusy} /> : null}
      {onRate ? (
        <FeedbackButtons feedback={row?.feedback} onRate={onRate} onStatus={setFeedbackStatus} />
      ) : null}
    </MessageActions>
  );

  const editor =
    isEditing && onEdit ? (
      <MessageEditor
        initialText={markdown}
        onCancel={() => setIsEditing(false)}
        onSave={(text) => {
          setIsEditing(false);
          onEdit(text);
        }}
      />
    ) : undefined;

  return (
    <MessageItem
      message={message}
      row={row}
      isLive={isLive}
      isBusy={isBusy}
      showFailureNote={props.showFailureNote ?? false}
      {...(props.onDecide ? { onDecide: props.onDecide } : {})}
      footer={footer}
      editor={editor}
    />
  );
}
