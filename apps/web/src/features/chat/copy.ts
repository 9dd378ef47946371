// The chat feature's fixed texts of SPEC §2, word for word.
export const CHAT_COPY = {
  panelTitle: 'Chat',
  newChat: 'New Chat',
  markAllRead: 'Mark all as read',
  emptyTitle: 'No chats yet',
  emptyBody: 'Start a conversation to see your chat history here',
  deleteConfirm: 'Are you sure you want to delete this chat?',
  unread: 'Unread',
} as const;
