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

export const MCP_DESCRIPTION_MAX = 500;
export const MCP_URL_MAX = 2000;
/** Custom tool URLs a user may add. */
export const MCP_SERVERS_MAX = 20;

/** Largest meeting transcript accepted, in characters (about ten hours of talk). */
export const TRANSCRIPT_MAX_CHARS = 1_000_000;
