// The chat feature's fixed texts of SPEC §2, word for word.
import { listOf, nounFor, plural } from '@knap/contracts';

export const CHAT_COPY = {
  panelTitle: 'Chat',
  newChat: 'New Chat',
  markAllRead: 'Mark all as read',
  emptyTitle: 'No chats yet',
  emptyBody: 'Start a conversation to see your chat history here',
  deleteConfirm: 'Are you sure you want to delete this chat?',
  /** Asked next, only when files were attached in the chat (issue 26). */
  deleteDocumentsConfirm: (filenames: string[]) => {
    const them = nounFor(filenames.length, 'it', 'them');
    return (
      `Also delete the ${plural(filenames.length, 'file')} attached in this chat (${listOf(filenames)})? ` +
      `OK deletes ${them} too; Cancel keeps ${them} in your Library.`
    );
  },
  unread: 'Unread',
  exportMarkdown: 'Export as Markdown',
  exportPdf: 'Export as PDF',
  exported: 'Exported',
  exportFailed: (message: string) => `Could not export the chat: ${message}`,
} as const;

/** The assistant's fixed texts in the chat screen. */
export const ASSISTANT_COPY = {
  stop: 'Stop',
  retry: 'Retry',
  upgrade: 'Upgrade',
  approve: 'Approve',
  deny: 'Deny',
  approved: 'Approved',
  denied: 'Denied',
  awaitingApproval: 'Needs your approval',
  running: 'Running…',
  writing: 'Assistant is writing…',
  interrupted: 'This reply was interrupted.',
  emptyChat: 'No messages yet. Say hello below.',
  suggestions: 'Suggestions',
  loadingSuggestions: 'Loading suggestions…',
  checklist: 'Checklist',
  showDetails: 'Show details',
  resultOf: (tool: string) => `${tool} result`,
  imageOf: (tool: string, n: number) => `Image ${n} from ${tool}`,
  imageTooLarge: 'An image too large to show here',
  moreRows: (n: number) => `${n} more ${n === 1 ? 'row' : 'rows'} in the details`,
  editHint: 'You can change these before you approve.',
  edited: 'Edited',
  creditCost: (credits: number) => `Cost: ${credits} ${credits === 1 ? 'credit' : 'credits'}`,
} as const;

/** The composer's Tools menu: which of the assistant's tools this chat may use. */
export const TOOLS_COPY = {
  button: 'Tools',
  title: 'Tools in this chat',
  intro: 'The assistant offers only the tools that are on.',
  loading: 'Loading tools',
  empty: 'No tools available.',
  needsApproval: 'Asks first',
  cost: (credits: number) => `${credits} ${credits === 1 ? 'credit' : 'credits'}`,
  off: (count: number) => `${count} off`,
  sources: { builtin: 'Built in', connection: 'From a connection', mcp: 'From an MCP server' },
} as const;

/** The actions under a message: copy, versions, regenerate, edit, feedback, continue. */
export const MESSAGE_ACTIONS_COPY = {
  actions: 'Message actions',
  copyAsText: 'Copy as text',
  copyAsMarkdown: 'Copy as Markdown',
  copied: 'Copied',
  copyFailed: 'Could not copy: your browser did not allow it.',
  regenerate: 'Regenerate',
  edit: 'Edit',
  editLabel: 'Edit your message',
  editHint: 'Enter sends, Shift+Enter adds a line, Esc cancels.',
  send: 'Send',
  cancel: 'Cancel',
  versions: 'Versions',
  previousVersion: 'Previous version',
  nextVersion: 'Next version',
  versionOf: (index: number, count: number) => `${index}/${count}`,
  versionLabel: (index: number, count: number) => `Version ${index} of ${count}`,
  earlierVersion: 'An earlier version. New messages continue from the latest one.',
  goodReply: 'Good reply',
  badReply: 'Bad reply',
  feedbackNote: 'What made it so? (optional)',
  sendFeedback: 'Send feedback',
  feedbackSaved: 'Thanks for your feedback',
  feedbackFailed: 'Your feedback was not saved. Please try again.',
  stopped: 'Stopped',
  continue: 'Continue',
} as const;
