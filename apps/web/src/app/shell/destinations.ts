// The screens the sidebar menu and the command palette reach, in their groups: every screen a user
// goes to on purpose is at most two steps away (issue 25).
import {
  BookOpen,
  FileText,
  LayoutGrid,
  type LucideIcon,
  MessageSquare,
  Newspaper,
  Plug,
  Send,
  TrendingUp,
  UserRoundSearch,
  Users,
} from 'lucide-react';

export interface Destination {
  to: string;
  label: string;
  Icon: LucideIcon;
  /** Other words the palette finds it by. */
  keywords?: string[];
}

/** The workspace documents and the Library (they were reachable only through Knaps). */
export const WORKSPACE_DESTINATIONS: readonly Destination[] = [
  { to: '/library', label: 'Library', Icon: BookOpen, keywords: ['documents', 'saved prompts', 'files'] },
  {
    to: '/financial-plan',
    label: 'Financial plan',
    Icon: TrendingUp,
    keywords: ['projection', 'retirement'],
  },
  { to: '/client-review', label: 'Client reviews', Icon: Users, keywords: ['annual review'] },
  { to: '/newsletter-generator', label: 'Newsletters', Icon: Newspaper, keywords: ['quarterly'] },
  {
    to: '/first-impressions',
    label: 'First impressions',
    Icon: UserRoundSearch,
    keywords: ['briefing', 'prospect'],
  },
];

/** What was sent for the user, and the accounts things are sent through. */
export const MAIL_DESTINATIONS: readonly Destination[] = [
  { to: '/sent', label: 'Sent', Icon: Send, keywords: ['outbox', 'email', 'mail'] },
  {
    to: '/connections',
    label: 'Connections',
    Icon: Plug,
    keywords: ['integrations', 'gmail', 'outlook', 'crm', 'mcp'],
  },
];

/** Every screen the palette jumps to. */
export const PALETTE_DESTINATIONS: readonly Destination[] = [
  { to: '/chat', label: 'Chat', Icon: MessageSquare },
  { to: '/notetaker', label: 'Notetaker', Icon: FileText, keywords: ['meetings', 'calendar'] },
  { to: '/knaps', label: 'Knaps', Icon: LayoutGrid },
  ...WORKSPACE_DESTINATIONS,
  { to: '/quarterly-newsletter', label: 'Quarterly newsletter', Icon: Newspaper },
  ...MAIL_DESTINATIONS,
  { to: '/onboarding', label: 'Set up', Icon: LayoutGrid, keywords: ['onboarding'] },
  { to: '/billing', label: 'Billing', Icon: LayoutGrid, keywords: ['plan', 'credits', 'subscription'] },
];
