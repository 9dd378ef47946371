// The composer's Tools button: a popover checklist of the assistant's tools for this chat. The
// popover's Radix parts load when it is first used (components/ui/load-on-first-use.tsx).
import { lazy } from 'react';
import { LoadOnFirstUse } from '../../../components/ui/load-on-first-use';
import { ToolsButton } from './tools-button';
import type { ToolsTarget } from './tools-checklist';

const loadMenu = () => import('./tools-menu-content');
const ToolsMenuContent = lazy(async () => ({ default: (await loadMenu()).ToolsMenuContent }));

/** A chat's tools (`chatId`), or a new chat's before its first message (`newChat`). */
export function ToolsMenu(target: ToolsTarget) {
  return (
    <LoadOnFirstUse prefetch={loadMenu} trigger={(props) => <ToolsButton {...props} />}>
      <ToolsMenuContent {...target} />
    </LoadOnFirstUse>
  );
}
