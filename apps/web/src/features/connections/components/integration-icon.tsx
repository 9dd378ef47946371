import {
  Box,
  Briefcase,
  Building2,
  Calendar,
  CalendarDays,
  Cloud,
  Contact,
  HardDrive,
  Inbox,
  type LucideIcon,
  Mail,
  Plug,
  Rocket,
  Sparkles,
  User,
} from 'lucide-react';
import { cn } from '../../../lib/cn';

interface IconStyle {
  Icon: LucideIcon;
  /** Tile colours, light and dark. */
  tone: string;
}

// Brand marks are not ours to ship; a tinted tile with a fitting glyph tells providers apart.
const STYLES: Record<string, IconStyle> = {
  wealthbox: { Icon: Briefcase, tone: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300' },
  zoho: { Icon: Building2, tone: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300' },
  sevanta: { Icon: Rocket, tone: 'bg-violet-100 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300' },
  copper: { Icon: Contact, tone: 'bg-orange-100 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300' },
  salesforce: { Icon: Cloud, tone: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300' },
  microsoft_outlook_read: {
    Icon: Inbox,
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300',
  },
  google_gmail_modify: { Icon: Mail, tone: 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300' },
  microsoft_calendar_read: {
    Icon: CalendarDays,
    tone: 'bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300',
  },
  google_calendar_read: {
    Icon: Calendar,
    tone: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300',
  },
  microsoft_onedrive_read: {
    Icon: Cloud,
    tone: 'bg-sky-100 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300',
  },
  google_drive_read: {
    Icon: HardDrive,
    tone: 'bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300',
  },
  dropbox: { Icon: Box, tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300' },
  google_profile_read: { Icon: User, tone: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300' },
  microsoft_profile_read: {
    Icon: User,
    tone: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  },
  meeting: {
    Icon: Sparkles,
    tone: 'bg-indigo-100 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300',
  },
};

const FALLBACK: IconStyle = {
  Icon: Plug,
  tone: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

export interface IntegrationIconProps {
  /** A connection type, or 'meeting' for the built-in notetaker. */
  type: string;
  size?: 'sm' | 'md';
  className?: string;
}

/** The tile that stands for one integration; decorative, its name is always written beside it. */
export function IntegrationIcon({ type, size = 'md', className }: IntegrationIconProps) {
  const { Icon, tone } = STYLES[type] ?? FALLBACK;
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-lg',
        size === 'md' ? 'size-10' : 'size-7 rounded-md',
        tone,
        className,
      )}
    >
      <Icon className={size === 'md' ? 'size-5' : 'size-4'} />
    </span>
  );
}
