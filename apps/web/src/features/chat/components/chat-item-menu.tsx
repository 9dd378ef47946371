import { lazy } from 'react';
import { LoadOnFirstUse } from '../../../components/ui/load-on-first-use';
import { ChatItemMenuButton, type ChatItemMenuProps } from './chat-item-menu-button';

const loadMenu = () => import('./chat-item-menu-content');
const ChatItemMenuContent = lazy(async () => ({ default: (await loadMenu()).ChatItemMenuContent }));

/**
 * The per-chat menu of SPEC §2: Rename and Delete, and the exports for the client file; its Radix
 * parts load when it is first used (components/ui/load-on-first-use.tsx).
 */
export function ChatItemMenu(props: ChatItemMenuProps) {
  return (
    <LoadOnFirstUse
      prefetch={loadMenu}
      trigger={(trigger) => <ChatItemMenuButton chatTitle={props.chatTitle} {...trigger} />}
    >
      <ChatItemMenuContent {...props} />
    </LoadOnFirstUse>
  );
}
