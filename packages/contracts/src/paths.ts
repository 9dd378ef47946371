// Every API path the web app calls, in one zod-free module.
import type { LoginProvider } from './constants.js';

export const AUTH_PATHS = {
  register: '/api/authentication/register',
  login: '/api/authentication/login',
  signin: '/api/authentication/signin',
  refresh: '/api/auth/refresh',
  logout: '/api/authentication/logout',
  oneShotCode: '/api/authentication/one-shot-code',
  exchangeOneShotCode: '/api/authentication/exchange-one-shot-code',
  providers: '/api/authentication/providers',
  /** Starts an identity-provider sign-in: GET with ?mode=&return_to=, answers a redirect. */
  providerStart: (provider: LoginProvider) => `/api/${provider}/auth/signin/start`,
  providerCallback: (provider: LoginProvider) => `/api/${provider}/auth/signin/callback`,
  /** POST {token}: proves the signed-in user's address with the link we mailed. */
  verifyEmail: '/api/authentication/verify-email',
  /** POST: mails the signed-in user a new verification link. */
  sendVerification: '/api/authentication/verify-email/send',
} as const;

/** Invitations to an organization, as the invited user sees them (signed in as the invited address). */
export const INVITATION_PATHS = {
  /** POST {token}: who invites you, to which organization (nothing changes). */
  preview: '/api/invitations/preview',
  /** POST {token}: joins the organization. */
  accept: '/api/invitations/accept',
} as const;

/** Web pages the product's emails link to (the token follows as ?token=). */
export const EMAIL_LINK_PAGES = {
  verifyEmail: '/verify-email',
  invitation: '/invitation',
} as const;

/** Whether the server answers (the web polls it while it cannot reach the server). */
export const HEALTH_PATH = '/api/health';

export const REFRESH_COOKIE = 'knap_refresh';
/**
 * Set and cleared with the refresh cookie, but readable by the page (no secret: its value is `1`):
 * a first load without it knows there is no session and does not ask /api/auth/refresh for a 401.
 */
export const SESSION_HINT_COOKIE = 'knap_session';

export const USER_PATHS = {
  me: '/api/studio/users/me',
  organizations: '/api/studio/users/me/organizations',
  sharingPermission: '/api/studio/users/me/sharing-permission',
  timezone: '/api/studio/users/me/timezone',
  /** PUT {name}: the user's display name. */
  name: '/api/studio/users/me/name',
  autoDeleteChats: '/api/studio/users/me/auto-delete-chats',
  /** GET: the bytes of the user's own profile image, fetched by the server (PNG, JPEG, GIF or WebP). */
  profileImage: '/api/studio/users/me/profile-image',
  info: (id: string) => `/api/users/${encodeURIComponent(id)}`,
} as const;

export const CHAT_PATHS = {
  chats: '/api/chat/chats',
  chat: (id: string) => `/api/chat/chats/${encodeURIComponent(id)}`,
  messages: (id: string) => `/api/chat/chats/${encodeURIComponent(id)}/messages`,
  markRead: (id: string) => `/api/chat/chats/${encodeURIComponent(id)}/mark-read`,
  markAllRead: '/api/chat/chats/mark-all-read',
  unreadCount: '/api/chat/chats/unread/count',
  toolOutput: '/api/chat/messages/tool-output',
  /** PUT {rating, note}: the caller's thumbs up or down on a reply; DELETE takes it back. */
  feedback: (messageId: string) => `/api/chat/messages/${encodeURIComponent(messageId)}/feedback`,
  /** GET ?q=: the caller's chats whose title or messages contain the words, newest activity first. */
  search: '/api/chat/search',
  /** GET: the conversation as a Markdown file, for the client file. */
  exportMarkdown: (id: string) => `/api/chat/chats/${encodeURIComponent(id)}/export.md`,
  /** POST: the conversation as a PDF, kept with the user's PDFs; answers the PDF's info. */
  exportPdf: (id: string) => `/api/chat/chats/${encodeURIComponent(id)}/export/pdf`,
  /** GET: the caller's documents still kept that were attached in the chat (what deleting it may take). */
  documents: (id: string) => `/api/chat/chats/${encodeURIComponent(id)}/documents`,
} as const;

export const ASSISTANT_PATHS = {
  completion: '/api/chat/completion',
  /** Stops the reply being written in a chat (it is kept as far as it got). */
  stopCompletion: '/api/chat/completion/stop',
  toolApproval: '/api/chat/tool-approval',
  suggestions: '/api/chat/messages/suggestions',
  creditsUsage: (userUuid: string) => `/api/credits/usage/${encodeURIComponent(userUuid)}`,
  creditsAdd: '/api/credits/add',
  creditsSubtract: '/api/credits/subtract',
} as const;

/** SPEC §7 Startup-CRM: the deal-flow CRM's own connect flow and suggestions. */
export const SEVANTA_PATHS = {
  authStart: '/api/sevanta/auth/start',
  authParams: '/api/sevanta/auth/auth-params',
  callback: '/api/sevanta/auth/callback',
  suggestions: '/api/sevanta/suggestions',
  /** POST: refresh the Sevanta token now (the startup-CRM token refresh event); answers {status}. */
  refreshToken: '/api/sevanta/auth/refresh',
} as const;

export const CONNECTION_PATHS = {
  available: '/api/connections/available_connections',
  start: '/api/connections/start',
  authorize: '/api/connections/authorize',
  scopes: '/api/connections/scopes',
  userConnections: '/api/connections/user_connections',
  remove: '/api/connections/remove_connection',
  delete: '/api/connections/delete',
  addMcpUrl: '/api/connections/add_mcp_url',
  mcpUrls: '/api/connections/mcp_urls',
  updateMcpUrl: '/api/connections/update/mcp_url',
  mcpUrl: (id: string) => `/api/connections/mcp_url/${encodeURIComponent(id)}`,
  testMcpUrl: (id: string) => `/api/connections/mcp_url/${encodeURIComponent(id)}/test`,
} as const;

/** SPEC §7 Meetings and notetaker: these paths exactly (no /api prefix for the meeting calls). */
export const MEETING_PATHS = {
  list: '/user-meetings',
  notes: (id: string) => `/meeting/${encodeURIComponent(id)}/notes`,
  privateToggle: (id: string) => `/meeting/${encodeURIComponent(id)}/private-toggle`,
  transcript: (id: string) => `/meeting/${encodeURIComponent(id)}/transcript`,
} as const;

export const MEETING_BOT_PATHS = {
  status: '/api/meeting-bot/status',
  toggle: '/api/meeting-bot/toggle',
  /** Websocket; the access token comes as the first message (never a user id in the URL). */
  ws: '/api/meeting-bot/ws',
  /** Status webhooks of the bot provider, verified by signature. */
  webhook: '/api/meeting-bot/webhook',
} as const;

/** SPEC §7 Subscriptions and credits, with the billing portal, webhooks and the local provider's checkout. */
export const BILLING_PATHS = {
  current: '/api/subscriptions/current',
  list: '/api/subscriptions/list',
  cancel: '/api/subscriptions/cancel',
  checkout: '/api/subscriptions/create-checkout-session',
  /** POST: answers {url} of the billing portal (Stripe's, or the in-app /billing page). */
  portal: '/api/subscriptions/portal',
  /** Stripe's webhook endpoint (signed; no session). */
  webhook: '/api/subscriptions/webhook',
  /** The local provider's checkout: GET shows it, POST .../confirm applies the plan change. */
  localCheckout: (id: string) => `/api/subscriptions/local/checkout/${encodeURIComponent(id)}`,
  localConfirm: (id: string) => `/api/subscriptions/local/checkout/${encodeURIComponent(id)}/confirm`,
  /** GET: the caller's credit history, newest first. */
  ledger: '/api/credits/ledger',
} as const;

/** Organization admins: their own organization's members only; anyone else gets 404. */
export const ADMIN_PATHS = {
  /** GET ?q=: the members of the admin's organizations, by name or email. */
  members: '/api/admin/members',
  /** PUT {role: 'admin' | 'member'}. */
  memberRole: (userId: string) => `/api/admin/members/${encodeURIComponent(userId)}/role`,
  /** PUT grants, DELETE revokes a knap. */
  memberKnap: (userId: string, knap: string) =>
    `/api/admin/members/${encodeURIComponent(userId)}/knaps/${encodeURIComponent(knap)}`,
  /** POST {delta, reason}: adds or removes credits. */
  memberCredits: (userId: string) => `/api/admin/members/${encodeURIComponent(userId)}/credits`,
  /** GET: the member's chats, newest activity first. */
  memberChats: (userId: string) => `/api/admin/members/${encodeURIComponent(userId)}/chats`,
  /** GET ?status=: knap requests of the organization's members. */
  knapRequests: '/api/admin/knap-requests',
  /** POST {status: 'approved' | 'declined'}. */
  knapRequestDecision: (id: string) => `/api/admin/knap-requests/${encodeURIComponent(id)}/decision`,
  /** GET / PUT {account_label}: the organization and its account label. */
  organization: '/api/admin/organization',
  /** PUT {auto_join}: claims the admin's own verified email domain; DELETE releases it. */
  domain: '/api/admin/organization/domain',
  /** GET: pending invitations; POST {email, role}: invites someone by email. */
  invitations: '/api/admin/invitations',
  /** DELETE: withdraws a pending invitation. */
  invitation: (id: string) => `/api/admin/invitations/${encodeURIComponent(id)}`,
  /** GET ?weeks=: chats, completions, tool calls and credits by week. */
  usage: '/api/admin/usage',
  /** GET ?from=&to=&user_id=&format=jsonl|csv: the organization's audit trail for an archive. */
  audit: '/api/admin/audit',
  /** GET: a member's chat, read-only; every view is in the audit trail. */
  chat: (chatId: string) => `/api/admin/chats/${encodeURIComponent(chatId)}`,
} as const;

/** Platform operators (OPERATOR_EMAILS). */
export const OPERATOR_PATHS = {
  /** GET: every background job, where jobs run, and how their last runs went. */
  jobs: '/api/operator/jobs',
  /** POST: runs a job now (on whichever server's worker takes it) and answers when it finished. */
  runJob: (name: string) => `/api/operator/jobs/${encodeURIComponent(name)}/run`,
  /** GET ?from=&to=&user_id=&format=jsonl|csv: the audit trail for an archive. */
  audit: '/api/operator/audit',
  /** GET: checks the audit trail's hash chain. */
  auditVerify: '/api/operator/audit/verify',
} as const;

/** The Library (issue 13): the user's own things only; another user's id answers 404. */
export const LIBRARY_PATHS = {
  /** GET ?q=&kind=&client=: the user's items, newest first, and the clients they name. */
  list: '/api/studio/library',
  /** DELETE: removes a deletable item (a PDF, a saved prompt, a workspace document). */
  item: (kind: string, id: string) =>
    `/api/studio/library/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`,
  /** GET, POST {title, text}: saved prompts. */
  prompts: '/api/studio/library/prompts',
  /** PUT {title, text}. */
  prompt: (id: string) => `/api/studio/library/prompts/${encodeURIComponent(id)}`,
} as const;

/** Financial plans (issue 13): the user's own plans only; another user's id answers 404. */
export const FINANCIAL_PLAN_PATHS = {
  /** GET: the user's plans, last edited first; POST: a new plan. */
  list: '/api/studio/financial-plans',
  /** GET (with its projection), PUT (the whole draft), DELETE. */
  plan: (id: string) => `/api/studio/financial-plans/${encodeURIComponent(id)}`,
  /** POST: the model drafts the narrative from the saved inputs and projection; answers the plan. */
  narrative: (id: string) => `/api/studio/financial-plans/${encodeURIComponent(id)}/narrative`,
  /** POST: the plan as a PDF in the user's PDFs; answers its TPdfInfo. */
  pdf: (id: string) => `/api/studio/financial-plans/${encodeURIComponent(id)}/pdf`,
} as const;

/** Newsletters (issue 13): the user's own newsletters only; another user's id answers 404. */
export const NEWSLETTER_PATHS = {
  /** GET ?kind=: the user's newsletters, last edited first; POST settings: a new one, drafted by the model. */
  list: '/api/studio/newsletters',
  /** GET: the user's clients with an email, and the segments they fall in. */
  recipients: '/api/studio/newsletters/recipients',
  /** GET, PUT (the whole draft), DELETE. */
  newsletter: (id: string) => `/api/studio/newsletters/${encodeURIComponent(id)}`,
  /** POST: the model drafts it again from its settings (subject and body are replaced). */
  draft: (id: string) => `/api/studio/newsletters/${encodeURIComponent(id)}/draft`,
  /** POST: the newsletter as a PDF in the user's PDFs; answers its TPdfInfo. */
  pdf: (id: string) => `/api/studio/newsletters/${encodeURIComponent(id)}/pdf`,
  /** POST {recipients, connection_type}: one email per recipient; answers the newsletter with the report. */
  send: (id: string) => `/api/studio/newsletters/${encodeURIComponent(id)}/send`,
} as const;

/** Client reviews (issue 13): the user's own reviews only; another user's id answers 404. */
export const CLIENT_REVIEW_PATHS = {
  /** GET: the user's reviews, last edited first; POST {client, period}: a new review the model drafts. */
  list: '/api/studio/client-reviews',
  /** GET: the clients to pick from (meetings, connected CRMs, earlier reviews). */
  clients: '/api/studio/client-reviews/clients',
  /** GET, PUT (the whole draft), DELETE. */
  review: (id: string) => `/api/studio/client-reviews/${encodeURIComponent(id)}`,
  /** POST: the review as a PDF in the user's PDFs; answers the review with it. */
  pdf: (id: string) => `/api/studio/client-reviews/${encodeURIComponent(id)}/pdf`,
  /** POST {to, subject, body, connection_type, pdf_id}: sends the approved email with the PDF; the review is sent. */
  send: (id: string) => `/api/studio/client-reviews/${encodeURIComponent(id)}/send`,
} as const;

/** First impressions: briefings before a first meeting; the user's own only, another user's id answers 404. */
export const FIRST_IMPRESSIONS_PATHS = {
  /** GET: the user's briefings, newest first; POST {name, email, company}: a new briefing the model drafts. */
  list: '/api/studio/first-impressions',
  /** GET, PUT {briefing, questions}, DELETE. */
  briefing: (id: string) => `/api/studio/first-impressions/${encodeURIComponent(id)}`,
  /** POST: gathers what is known again and the model drafts the briefing and questions anew. */
  regenerate: (id: string) => `/api/studio/first-impressions/${encodeURIComponent(id)}/regenerate`,
  /** POST: the briefing as a PDF in the user's PDFs; answers its TPdfInfo. */
  pdf: (id: string) => `/api/studio/first-impressions/${encodeURIComponent(id)}/pdf`,
} as const;

/** Onboarding: the first-run guide's progress, the caller's own only. */
export const ONBOARDING_PATHS = {
  /** GET: each step's state and the guide's; PUT {skip?, profile_confirmed?, dismissed?}: records them. */
  state: '/api/onboarding',
} as const;

/** The assistant's tools for the caller (SPEC §7 names /api/knap-tools), and which a chat turned off. */
export const TOOL_PATHS = {
  /** GET ?chat_id=: every tool the assistant has for the caller. */
  list: '/api/knap-tools',
  /** PUT {disabled_tools}: the tools turned off in one of the caller's chats; answers the list. */
  chat: (chatId: string) => `/api/knap-tools/chats/${encodeURIComponent(chatId)}`,
} as const;

/** Client documents (issue 26): the owner's only; another user's id answers 404. */
export const DOCUMENT_PATHS = {
  /** GET: the documents; POST multipart `file`: reads and keeps one, answers its TDocumentInfo. */
  list: '/api/documents',
  /** GET: the limits the composer states (size, pages, cells, kinds). */
  limits: '/api/documents/limits',
  /** GET: the document's info; PATCH {client}: files it under a client; DELETE: removes it. */
  item: (id: string) => `/api/documents/${encodeURIComponent(id)}`,
  /** GET: the document's info and every passage, for the document view. */
  text: (id: string) => `/api/documents/${encodeURIComponent(id)}/text`,
  /** GET: the file as it was attached. */
  file: (id: string) => `/api/documents/${encodeURIComponent(id)}/file`,
  /** POST: the plan inputs the document proposes, each with its citation (financial-plans module). */
  planInputs: (id: string) => `/api/documents/${encodeURIComponent(id)}/plan-inputs`,
  /** GET: the clients the Client field offers, and those named in the text (client-reviews module). */
  clientSuggestions: (id: string) => `/api/documents/${encodeURIComponent(id)}/client-suggestions`,
} as const;
