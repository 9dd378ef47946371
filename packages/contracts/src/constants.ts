// Every number and fixed string of SPEC §9, named once; server and web both import these.

export const PRODUCT = 'knap';
export const PRODUCT_NAME = 'Knap Studio';
export const PLATFORM = 'studio';

export const SIGNIN_PATH = '/signin';
export const MEETING_CONNECTION_ID = `${PRODUCT}_meeting_assistant`;
export const MEETING_CONNECTION_NAME = 'Meeting Notetaker';

export const ONE_SHOT_CODE_MIN_LENGTH = 32;
export const OAUTH_NONCE_BYTES = 32;

export const TOKEN_REUSE_MINUTES = 120;
export const WIDGET_AUTH_WAIT_MS = 30_000;

/**
 * Messages between the widget loader on the host page and the app in its iframe (SPEC §7). The host
 * hands a session over with AUTH_SUCCESS; the app asks for one with REQUEST_AUTH_SUCCESS and says it
 * is signed in with AUTH_COMPLETE; WIDGET_CLOSE asks the loader to close the panel (Escape).
 */
export const WIDGET_MESSAGES = {
  authSuccess: 'AUTH_SUCCESS',
  authComplete: 'AUTH_COMPLETE',
  requestAuth: 'REQUEST_AUTH_SUCCESS',
  close: 'KNAP_WIDGET_CLOSE',
  /** The host forwards a SPEC §2 browser signal into the app (`{type, name}`). */
  signal: 'KNAP_WIDGET_SIGNAL',
} as const;
/** The query parameter the loader names the host page's origin with. */
export const WIDGET_HOST_PARAM = 'widget_host';
/** Set to 'host' when the host page signs its users in and hands the widget their token. */
export const WIDGET_AUTH_PARAM = 'widget_auth';

export const CHAT_PAGE_SIZE = 50;
export const CHAT_PAGE_SIZE_MAX = 100;
export const TITLE_MAX_CHARS = 50;
export const SUGGESTIONS_SHOWN = 3;

export const CHAT_AUTO_DELETE_DAYS = 30;
export const AUTO_DELETE_CHATS_DEFAULT = true;

export const UNREAD_BADGE_CAP = 99;
export const MARK_ALL_THRESHOLD = 5;
export const PARTICIPANT_LEGEND_THRESHOLD = 5;

export const MOBILE_BREAKPOINT_PX = 768;
export const SIDEBAR_MIN_WIDTH_PX = 320;

export const FALLBACK_MAX_CREDITS = 20;
export const FALLBACK_TIMEZONE = 'America/Los_Angeles';

export const PLAN_TIERS = ['free', 'tier_1', 'tier_2', 'tier_3'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const MEETINGS_PAGE_SIZE = 50;
export const MEETINGS_PAGE_OFFSET = 0;
export const PAST_MEETINGS_SHOWN = 20;

export const SIDEBAR_REFRESH_MS = 45_000;
export const KNAP_CACHE_MS = 5 * 60_000;
export const QUERY_STALE_MS = 5 * 60_000;
export const QUERY_RETRY = 1;
export const QUERY_REFETCH_ON_FOCUS = false;

export const KNAP_WAIT_TIMEOUT_MS = 1000;
export const KNAP_WAIT_POLL_MS = 100;
export const MEETING_NOTES_DELAY_MS = 3000;

export const MENU_TYPEAHEAD_RESET_MS = 1000;
export const SUBMENU_OPEN_DELAY_MS = 100;
export const SPINNER_DELAY_MS = 1000;

export const TOAST_DURATION_MS = 5000;

export const THEME_STORAGE_KEY = 'theme';
export const THEME_DEFAULT = 'system';
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const ACCOUNT_LABEL_STORAGE_KEY = 'current-account';
/** SPEC §7 Startup-CRM: the Sevanta page's 32-byte nonce, in sessionStorage. */
export const SEVANTA_NONCE_STORAGE_KEY = 'sevanta_nonce';
/** A Sevanta system code (each firm has its own system): lowercase letters, digits, inner hyphens. */
export const SEVANTA_SYSTEM_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
export const SEVANTA_SYSTEM_CODE_RULE = 'must be the letters, digits and hyphens of your Sevanta system';

export const ERROR_SAMPLE_RATE = 1;
export const REPLAY_SESSION_SAMPLE_RATE = 0.1;
export const REPLAY_ON_ERROR_SAMPLE_RATE = 1;

/** Performance tiers by duration (ms): fast < 3s, medium < 8s, slow < 15s, else very_slow. */
export const PERFORMANCE_TIERS_MS = { fast: 3000, medium: 8000, slow: 15000 } as const;
/** Response size tiers by characters: short < 200, medium < 800, long < 2000, else very_long. */
export const RESPONSE_SIZE_TIERS = { short: 200, medium: 800, long: 2000 } as const;

/** Largest request body the API accepts (uploads have their own per-route limits). */
export const MAX_JSON_BODY_BYTES = 1024 * 1024;
/** Deepest nesting of objects and arrays a JSON body may have (ours nest a handful of levels). */
export const MAX_JSON_DEPTH = 64;

/** Routes in the login-protected shell that need a knap, by path. */
export const KNAP_GATED_ROUTES = {
  prospecting: 'Prospecting',
  'advanced-planning': 'advancedPlanning',
  coaching: 'advisorMeetingDashboard',
  outreach: 'outreachRecommendations',
} as const;

// Limits and enumerations of the API.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
export const NAME_MAX_LENGTH = 120;
export const EMAIL_MAX_LENGTH = 254;

export const LOGIN_PROVIDERS = ['google', 'microsoft'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];

/** Run mode carried in the `state` of every OAuth request (SPEC §4). */
export const RUN_MODES = ['widget', 'normal'] as const;
export type RunMode = (typeof RUN_MODES)[number];

export const CHAT_TITLE_MAX = 1000;
export const MESSAGE_CONTENT_MAX = 100_000;
export const MESSAGE_PREVIEW_CHARS = 120;
export const METADATA_MAX_BYTES = 256 * 1024;

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export const MESSAGE_STATES = ['streaming', 'interrupted', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** A thumbs up or down on an assistant reply, and the most its note may say. */
export const FEEDBACK_RATINGS = ['up', 'down'] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];
export const FEEDBACK_NOTE_MAX = 1000;

export const MCP_DESCRIPTION_MAX = 500;
export const MCP_URL_MAX = 2000;
/** Custom tool URLs a user may add. */
export const MCP_SERVERS_MAX = 20;

/** Largest meeting transcript accepted, in characters (about ten hours of talk). */
export const TRANSCRIPT_MAX_CHARS = 1_000_000;

// PDFs and email (SPEC §1, §5, §7 Email and PDF).

/** SPEC §5: the name of an emailed PDF when none is given. */
export const DEFAULT_ATTACHMENT_FILENAME = 'portfolio_roadmap.pdf';
/** Largest PDF the PDF service stores (uploaded or generated). */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** Largest file attached to an email. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const FILENAME_MAX_LENGTH = 200;
export const EMAIL_SUBJECT_MAX = 300;
export const EMAIL_BODY_MAX = 20_000;
/** SPEC §7: the mailbox an email goes out through, by provider. */
export const EMAIL_CONNECTION_TYPES = ['Gmail', 'Outlook'] as const;
export type EmailConnectionType = (typeof EMAIL_CONNECTION_TYPES)[number];

/** The gap categories of a roadmap, in the order the PDF shows them, with their headings. */
export const ROADMAP_GAP_CATEGORIES = {
  wealthEnhancement: 'Wealth enhancement',
  wealthTransfer: 'Wealth transfer',
  wealthProtection: 'Wealth protection',
  charitableGiving: 'Charitable giving',
  wamActions: 'WAM actions',
} as const;
export type RoadmapGapCategory = keyof typeof ROADMAP_GAP_CATEGORIES;

/** SPEC §7 Email and PDF: the paths of the PDF service and of sending email. */
export const PDF_PATHS = {
  generate: '/api/pdf/generate',
  upload: '/api/pdf-service/upload',
  list: '/api/pdf-service',
  pdf: (id: string) => `/api/pdf-service/${encodeURIComponent(id)}`,
} as const;
export const EMAIL_PATHS = {
  send: '/api/studio/email/send',
  /** GET: the caller's outbox (mail kept while no mail account is connected), newest first. */
  outbox: '/api/studio/email/outbox',
  /** GET: the caller's emails held for review (supervision), newest first, with their state. */
  reviews: '/api/studio/email/reviews',
  /** GET ?skip=&limit=: every email the product sent or holds for the caller, newest first. */
  sent: '/api/studio/email/sent',
  /** GET: one of them with its text; another user's answers 404. */
  sentEmail: (id: string) => `/api/studio/email/sent/${encodeURIComponent(id)}`,
} as const;

/** Retention, legal holds and supervision (issue 12): organization admins only; others get 404. */
export const COMPLIANCE_PATHS = {
  /** GET / PUT the organization's retention and supervision policy. */
  policy: '/api/admin/policy',
  /** GET: members on legal hold. */
  holds: '/api/admin/legal-holds',
  /** PUT {reason}: place; DELETE: release. */
  hold: (userId: string) => `/api/admin/legal-holds/${encodeURIComponent(userId)}`,
  /** GET ?status=pending|approved|returned: the organization's review queue. */
  reviews: '/api/admin/email-reviews',
  /** POST {approve, comment?}: approve (then it is sent) or return it with a comment. */
  reviewDecision: (id: string) => `/api/admin/email-reviews/${encodeURIComponent(id)}/decision`,
} as const;

/** The kinds of record an organization's retention policy keeps for a number of days. */
export const RETENTION_KINDS = ['chats', 'transcripts', 'notes', 'pdfs', 'emails'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];
/** The longest keep period a policy may name (100 years); longer is "forever" (null). */
export const RETENTION_MAX_DAYS = 36_500;

// Knaps (SPEC §3 Knap, §7 Knaps): the catalogue the server answers and the web lays out.

export const KNAP_NAMES = [
  'Prospecting',
  'advancedPlanning',
  'advisorMeetingDashboard',
  'outreachRecommendations',
] as const;
export type KnapName = (typeof KNAP_NAMES)[number];

export const KNAP_COMPONENT_IDS = [
  'meeting-notes',
  'client-profile',
  'gap-analysis',
  'action-plan',
  'portfolio-recommendation',
  'send-email',
  'no-roadmap-view',
  'meeting-table',
  'meeting-filters',
  'meeting-raw-table',
  'data-selection',
  'review-form',
  'preview-edit',
  'client-info',
  'client-card-outreach',
  'ai-recommendations-outreach',
] as const;
export type KnapComponentId = (typeof KNAP_COMPONENT_IDS)[number];

export interface KnapDefinition {
  name: KnapName;
  tag: string;
  showClientProfile: boolean;
  /** In order; a step's first component is the one its data is kept under. */
  steps: ReadonlyArray<{ id: string; components: readonly KnapComponentId[] }>;
}

export const KNAP_CATALOGUE: Record<KnapName, KnapDefinition> = {
  Prospecting: {
    name: 'Prospecting',
    tag: 'Prospecting',
    showClientProfile: false,
    steps: [
      { id: 'data-selection', components: ['data-selection'] },
      { id: 'review', components: ['review-form'] },
      { id: 'preview', components: ['preview-edit'] },
    ],
  },
  advancedPlanning: {
    name: 'advancedPlanning',
    tag: 'Advanced Planning',
    showClientProfile: true,
    steps: [
      // no-roadmap-view is what the first step shows while there is no meeting with notes to start from.
      { id: 'meeting-notes', components: ['meeting-notes', 'no-roadmap-view'] },
      { id: 'client-profile', components: ['client-profile'] },
      { id: 'gap-analysis', components: ['gap-analysis'] },
      { id: 'action-plan', components: ['action-plan'] },
      { id: 'portfolio', components: ['portfolio-recommendation'] },
      { id: 'send-email', components: ['send-email'] },
    ],
  },
  advisorMeetingDashboard: {
    name: 'advisorMeetingDashboard',
    tag: 'Advisor Meeting Coaching',
    showClientProfile: false,
    steps: [{ id: 'dashboard', components: ['meeting-filters', 'meeting-table', 'meeting-raw-table'] }],
  },
  outreachRecommendations: {
    name: 'outreachRecommendations',
    tag: 'Outreach Recommendations',
    showClientProfile: false,
    steps: [
      { id: 'client-info', components: ['client-info'] },
      { id: 'client-cards', components: ['client-card-outreach'] },
      { id: 'recommendations', components: ['ai-recommendations-outreach'] },
    ],
  },
};

/** What processing a component leads to: component -> the component whose data it produces. */
const FLOW = {
  'meeting-notes': 'client-profile',
  'client-profile': 'gap-analysis',
  'gap-analysis': 'action-plan',
  'action-plan': 'portfolio-recommendation',
  'portfolio-recommendation': 'send-email',
  'meeting-filters': 'meeting-table',
  'data-selection': 'review-form',
  'review-form': 'preview-edit',
  'client-info': 'client-card-outreach',
  'client-card-outreach': 'ai-recommendations-outreach',
} as const satisfies Partial<Record<KnapComponentId, KnapComponentId>>;
export const KNAP_FLOW: Partial<Record<KnapComponentId, KnapComponentId>> = FLOW;
/** The components that process into a next one. */
export type ProcessableComponentId = keyof typeof FLOW;

export const KNAP_PATHS = {
  list: '/api/studio/knap/',
  components: '/api/studio/knap/components',
  process: '/api/studio/knap/components/process',
  /** POST {knap, note} asks for a knap; GET lists the caller's own requests. */
  requests: '/api/studio/knap/requests',
  /** Operators: GET ?status= lists everyone's requests. */
  reviewRequests: '/api/studio/knap/requests/review',
  /** Operators: POST {status: 'approved' | 'declined'}. */
  decideRequest: (id: string) => `/api/studio/knap/requests/${encodeURIComponent(id)}/decision`,
  /** Operators: POST {email, knap}. */
  grant: '/api/studio/knap/grant',
  revoke: '/api/studio/knap/revoke',
} as const;

/** Sample actions of the gap-analysis categories (SPEC §3), in the roadmap's category order. */
export const GAP_SAMPLE_ACTIONS: Record<RoadmapGapCategory, string> = {
  wealthEnhancement: 'Put idle cash to work and rebalance toward the target allocation',
  wealthTransfer: 'Review beneficiary designations and bring the estate plan up to date',
  wealthProtection: 'Review life, disability and long-term-care coverage against current needs',
  charitableGiving: 'Consider a donor-advised fund to give appreciated assets tax-efficiently',
  wamActions: 'Schedule the annual wealth and asset management review',
};
export const GAP_CATEGORIES = Object.keys(ROADMAP_GAP_CATEGORIES) as RoadmapGapCategory[];

/** Where prospecting reads its rows: a connected CRM, the deal flow, or CSV text. */
export const PROSPECT_SOURCES = ['wealthbox', 'salesforce', 'zoho', 'copper', 'sevanta', 'csv'] as const;
export type ProspectSource = (typeof PROSPECT_SOURCES)[number];
export const PROSPECT_MAX_ROWS = 5000;
/**
 * A CSV file's bytes travel base64 in the JSON body (so the server can tell its encoding): 750,000
 * bytes are 1,000,000 base64 characters, under MAX_JSON_BODY_BYTES with the rest of the request.
 */
export const PROSPECT_CSV_MAX_BYTES = 750_000;
export const PROSPECT_CSV_MAX_BASE64 = Math.ceil(PROSPECT_CSV_MAX_BYTES / 3) * 4;
/** The most prospects one run drafts emails for. */
export const PROSPECT_MAX_DRAFTS = 50;
/** The tones a prospecting email can be drafted in. */
export const PROSPECT_TONES = ['warm', 'formal', 'brief'] as const;
export type ProspectTone = (typeof PROSPECT_TONES)[number];

/** Outreach rules: who needs contact now, and why. */
export const OUTREACH_NO_CONTACT_DAYS = 90;
export const OUTREACH_BIRTHDAY_DAYS = 30;
/** The age required minimum distributions start at (SECURE 2.0, for those born 1951-1959). */
export const OUTREACH_RMD_AGE = 73;
export const OUTREACH_MAX_CLIENTS = 2000;
export const OUTREACH_REASONS = ['no_contact', 'birthday', 'rmd', 'life_event'] as const;
export type OutreachReason = (typeof OUTREACH_REASONS)[number];
export const OUTREACH_CHANNELS = ['email', 'call', 'meeting'] as const;

/** Topics a client meeting should cover; coaching lists the ones a transcript never mentions. */
export const COACHING_TOPICS = ['goals', 'risk', 'family', 'fees', 'timeline'] as const;
export type CoachingTopic = (typeof COACHING_TOPICS)[number];

/** Shown with every portfolio recommendation (and on the roadmap PDF). */
export const PORTFOLIO_DISCLOSURE =
  'This allocation is a starting point for discussion, not investment advice. It was drafted with AI ' +
  'assistance from the information shared and must be reviewed by a licensed advisor against the ' +
  "client's full circumstances. Investing involves risk, including loss of principal.";

/** Issue 12: the labels an organization admin may give their organization (SPEC §4 names them). */
export const ACCOUNT_LABEL_CHOICES = [
  'KNAP',
  'WAM',
  'Model FA',
  'GWM',
  'OUI',
  'DCVC',
  'EWP',
  'Equitable',
  'Public',
  'Sevanta',
  'all',
] as const;
/** The most credits an admin adds or removes in one change. */
export const ADMIN_CREDIT_ADJUST_MAX = 100_000;
/** The most weeks of usage the admin charts show. */
export const ADMIN_USAGE_WEEKS_MAX = 52;

/** Issue 13: what the Library lists. */
export const LIBRARY_KINDS = [
  'pdf',
  'notes',
  'knap',
  'prompt',
  'review',
  'plan',
  'newsletter',
  'briefing',
  'document',
] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export const LIBRARY_PROMPT_TITLE_MAX = 120;
export const LIBRARY_PROMPT_TEXT_MAX = 4000;
/** The most saved prompts one user keeps. */
export const LIBRARY_PROMPTS_MAX = 200;

/** First impressions: limits of one briefing and of a user's briefings. */
export const FIRST_IMPRESSION_LIMITS = {
  briefings: 500,
  name: 200,
  email: 254,
  company: 200,
  /** Characters of the briefing's Markdown. */
  briefing: 20_000,
  /** The most questions a briefing keeps (the model drafts 5 to 8). */
  questions: 20,
  /** Characters of one question. */
  question: 500,
  /** Meetings with the prospect the model is given, newest first. */
  meetings: 20,
  /** Client documents (issue 26) the advisor may choose as sources of one briefing. */
  documents: 10,
} as const;

/** Onboarding: the first-run guide's steps, in the order the guide shows them. */
export const ONBOARDING_STEPS = ['profile', 'calendar', 'crm', 'notetaker', 'first_question'] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];
