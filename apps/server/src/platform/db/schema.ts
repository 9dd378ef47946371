// Row types of every table. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers on
// both engines, so the same queries and comparisons work on SQLite and PostgreSQL.
import type { DocumentKind, KnapName, MeetingBotStatus } from '@knap/contracts';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Bool = 0 | 1;

export interface UsersTable {
  id: string;
  uuid: string;
  email: string;
  name: string;
  password_hash: string | null;
  profile_image_url: string | null;
  provider: string | null;
  provider_sub: string | null;
  sharing_permission: Generated<number>;
  last_seen: string | null;
  created_at: string;
  timezone: string | null;
  is_beta_tester: Generated<Bool>;
  auto_delete_chats: Generated<Bool>;
  meeting_notetaker_enabled: Generated<Bool>;
  /** Maintained with every chat insert and delete (repo of chats). */
  chat_count: Generated<number>;
  /** Raised by every change to the user's chats (the chat list cache's key). */
  chats_version: Generated<number>;
  /** When the user proved the address (a link we mailed, or an identity provider that says so). */
  email_verified_at: string | null;
}

export interface OrganizationsTable {
  id: string;
  org_name: string;
  domain: string | null;
  created_at: string;
  /** Set by the organization's admin; null follows the configured rules (SPEC §4). */
  account_label: string | null;
  /** 1: verified addresses on the claimed `domain` join as members. */
  auto_join: Generated<Bool>;
}

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: Generated<string>;
  created_at: string;
}

export interface AuthSessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  created_at: string;
  rotated_at: string | null;
}

export interface OneShotCodesTable {
  code_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
  /** S256 of a verifier only the browser that asked holds; the exchange must present it. */
  code_challenge: string | null;
}

/** A link mailed to prove an address: single use, expiring, kept as a hash. */
export interface EmailVerificationsTable {
  token_hash: string;
  user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An admin's invitation to join an organization, mailed as a single-use link (kept as a hash). */
export interface InvitationsTable {
  id: string;
  organization_id: string;
  email: string;
  role: 'admin' | 'member';
  token_hash: string;
  /** The inviting admin's email. */
  invited_by: string;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  revoked_at: string | null;
}

/** Mail the product sends itself, kept here (and logged) when no SMTP server is configured. */
export interface SystemOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

/** rate-limiter-flexible's counters (its SQLite and PostgreSQL stores). */
export interface RateLimitsTable {
  key: string;
  points: number;
  expire: number | null;
}

export interface OAuthStatesTable {
  id: string;
  provider: string;
  purpose: string;
  user_id: string | null;
  code_verifier: string;
  mode: string;
  return_to: string;
  data: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface ChatsTable {
  id: string;
  user_id: string;
  title: string;
  metadata: string | null;
  out_of_tokens: Generated<Bool>;
  unread: Generated<Bool>;
  message_count: Generated<number>;
  last_message_preview: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: string;
  chat_id: string;
  seq: number;
  role: string;
  content: string;
  metadata: string | null;
  created_at: string;
  state: string | null;
  updated_at: string | null;
  /** The server instance writing this reply while it streams (server_instances.id). */
  writer_id: Generated<string | null>;
  /** The first version of this message, when this one is a later version (regenerated or edited). */
  variant_of: Generated<string | null>;
  /** The newer version that took this message's place (or the place of one before it). */
  superseded_by: Generated<string | null>;
}

/** A user's thumbs up or down on an assistant reply, with an optional note. */
export interface MessageFeedbackTable {
  message_id: string;
  user_id: string;
  rating: 'up' | 'down';
  note: string | null;
  created_at: string;
  updated_at: string;
}

/** A running server process and its lease: replies it writes are its own while heartbeat_at is fresh. */
export interface ServerInstancesTable {
  id: string;
  host: string;
  pid: number;
  started_at: string;
  heartbeat_at: string;
}

export interface CreditAccountsTable {
  user_id: string;
  balance: number;
  credits_used: Generated<number>;
  max_credits: number;
  updated_at: string;
}

export interface CreditLedgerTable {
  id: string;
  user_id: string;
  delta: number;
  reason: string;
  ref: string | null;
  created_at: string;
}

export interface SubscriptionsTable {
  user_id: string;
  plan: string;
  status: string;
  provider: string;
  customer_id: string | null;
  subscription_id: string | null;
  current_period_end: string | null;
  /** bigint: PostgreSQL hands it back as a string, so read it with Number(). */
  last_event_at: number | string | null;
  /** A Stripe price that is none of ours, seen on the user's subscription (for an operator); else null. */
  unknown_price_id: string | null;
  updated_at: string;
}

export interface BillingEventsTable {
  id: string;
  type: string;
  received_at: string;
}

export interface LocalCheckoutsTable {
  id: string;
  user_id: string;
  plan: string;
  created_at: string;
  expires_at: string;
  completed_at: string | null;
}

export interface AuditLogTable {
  /** bigint: PostgreSQL hands it back as a string, so read it with Number(). */
  seq: number | string;
  at: string;
  user_id: string | null;
  actor: string | null;
  action: string;
  target: string | null;
  details: string;
  prev_hash: string;
  hash: string;
}

export interface AuditHeadTable {
  id: number;
  seq: number | string;
  hash: string;
}

export interface ToolApprovalsTable {
  id: string;
  tool_call_id: string;
  chat_id: string;
  message_id: string;
  user_id: string;
  tool_name: string;
  input: string;
  /** SHA-256 of the canonical JSON of `input`: what runs after approval must match it. */
  input_digest: string | null;
  /** For an MCP tool: its server and its own name (`tool_name` is the model's, which may change). */
  mcp_server_id: string | null;
  mcp_tool: string | null;
  status: 'pending' | 'approved' | 'denied';
  created_at: string;
  decided_at: string | null;
}

export interface OutboxEmailsTable {
  id: string;
  user_id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
  attachment_filename: string | null;
  attachment_type: string | null;
  attachment: Buffer | null;
  /** The supervised email (email_reviews) this one delivered, once approved. */
  review_id: string | null;
}

/** Email sent (or refused) through a connected Gmail or Outlook (migration 0028). */
export interface SentEmailsTable {
  id: string;
  user_id: string;
  via: 'gmail' | 'outlook';
  to_address: string;
  subject: string;
  body: string;
  /** JSON array of the attachments' file names (the bytes are not kept). */
  attachment_names: string;
  status: 'sent' | 'failed';
  /** Why it failed, as the sender was told. */
  error: string | null;
  review_id: string | null;
  created_at: string;
}

/** Tools a user turned off for one chat (migration 0028). */
export interface ChatDisabledToolsTable {
  chat_id: string;
  tool_name: string;
}

export interface McpServersTable {
  id: string;
  user_id: string;
  description: string;
  url: string;
  created_at: string;
  updated_at: string;
}

export interface ConnectionsTable {
  id: string;
  user_id: string;
  type: string;
  provider: string;
  scope: string;
  account_email: string | null;
  /** Encrypted (AES-256-GCM); never leaves the server. */
  access_token: string;
  refresh_token: string | null;
  expires_at: string | null;
  instance_url: string | null;
  /** The origin of the accounts server that issued the tokens (a Zoho account's data centre). */
  accounts_server: string | null;
  status: 'connected' | 'needs_reconnect' | 'permission_missing';
  created_at: string;
  updated_at: string;
}

export interface MeetingsTable {
  id: string;
  user_id: string;
  source: 'google' | 'microsoft' | 'manual';
  external_id: string | null;
  title: string | null;
  start_time: string | null;
  end_time: string | null;
  meeting_url: string | null;
  /** JSON array of {name, email, response_status}. */
  participants: Generated<string>;
  user_private_meeting: Generated<Bool>;
  bot_status: MeetingBotStatus | null;
  bot_id: string | null;
  bot_error: string | null;
  /** Plain "Speaker: words" lines. */
  transcript: string | null;
  /** JSON of TMeetingNotesContent. */
  notes: string | null;
  notes_status: Generated<'none' | 'generating' | 'ready' | 'failed'>;
  created_at: string;
  updated_at: string;
}

export interface CalendarSyncTable {
  user_id: string;
  source: 'google' | 'microsoft';
  cursor: string | null;
  synced_at: string;
}

/** A PDF of the PDF service; `content` is `blob` (SQLite) or `bytea` (PostgreSQL), a Buffer on both. */
export interface PdfsTable {
  id: string;
  user_id: string;
  filename: string;
  size: number;
  content: Buffer;
  created_at: string;
}

export interface UserKnapsTable {
  user_id: string;
  knap: KnapName;
  granted_at: string;
  /** The operator's email; null for the defaults of a new user. */
  granted_by: string | null;
}

export interface KnapDefaultsGrantedTable {
  user_id: string;
  granted_at: string;
}

export interface KnapRequestsTable {
  id: string;
  user_id: string;
  knap: KnapName;
  note: string;
  status: Generated<'pending' | 'approved' | 'declined'>;
  created_at: string;
  decided_at: string | null;
  decided_by: string | null;
}

export interface KnapComponentDataTable {
  user_id: string;
  component_id: string;
  /** JSON of the component's data (its schema in @knap/contracts knaps.ts). */
  data: string;
  updated_at: string;
}

/** An organization's retention (keep-days per kind; null = forever) and supervision policy. */
export interface OrganizationPoliciesTable {
  organization_id: string;
  chats_days: number | null;
  transcripts_days: number | null;
  notes_days: number | null;
  pdfs_days: number | null;
  emails_days: number | null;
  require_email_review: Bool;
  updated_at: string;
  updated_by: string;
}

/** A user whose records retention must not delete. */
export interface LegalHoldsTable {
  user_id: string;
  reason: string;
  placed_by: string;
  placed_at: string;
}

/** A client email held for an admin's review; sent when approved. */
export interface EmailReviewsTable {
  id: string;
  user_id: string;
  organization_id: string;
  /** The chat it was drafted in, told of the decision; null for a send from a studio screen. */
  chat_id: string | null;
  /** The account named at send time; null: the first connected one, else the outbox. */
  account: 'gmail' | 'outlook' | null;
  to_address: string;
  subject: string;
  body: string;
  attachment_filename: string | null;
  attachment_type: string | null;
  attachment: Buffer | null;
  status: 'pending' | 'approved' | 'returned';
  comment: string | null;
  reviewer: string | null;
  decided_at: string | null;
  delivered_to: 'gmail' | 'outlook' | 'outbox' | null;
  created_at: string;
}

/** A document attached in the chat (issue 26); its file is encrypted under DATA_DIR/documents. */
export interface DocumentsTable {
  id: string;
  user_id: string;
  filename: string;
  kind: DocumentKind;
  size: number;
  pages: number;
  passages: number;
  /** 0 for a PDF whose pages carry no text layer. */
  has_text: number;
  /** The client it is filed under; null until filed. */
  client: string | null;
  created_at: string;
}

/** A passage of a document's text, with its page (PDF) or sheet (workbook), searched per question. */
export interface DocumentPassagesTable {
  id: string;
  document_id: string;
  seq: number;
  page: number | null;
  sheet: string | null;
  location: string;
  content: string;
}

export interface SavedPromptsTable {
  id: string;
  user_id: string;
  title: string;
  text: string;
  created_at: string;
  updated_at: string;
}

export interface FinancialPlansTable {
  id: string;
  user_id: string;
  client_name: string;
  /** JSON: TFinancialPlanInputs. */
  inputs: string;
  narrative: Generated<string>;
  narrative_drafted_at: string | null;
  /** When the inputs (or the year the ages are as of) last changed; null before migration 0027. */
  inputs_changed_at: string | null;
  base_year: number;
  created_at: string;
  updated_at: string;
}

export interface NewslettersTable {
  id: string;
  user_id: string;
  kind: 'topics' | 'quarterly';
  subject: string;
  body: string;
  /** JSON: TNewsletterSettings. */
  settings: string;
  /** 'sending' while its deliveries are pending (newsletter_deliveries). */
  status: 'draft' | 'sent' | 'sending';
  drafted_at: string | null;
  sent_at: string | null;
  sent_count: number;
  /** JSON: TNewsletterSendReport of the last send. */
  last_send: string | null;
  /** JSON: PendingSend (newsletters/deliveries.ts) while 'sending', else null. */
  pending_send: string | null;
  created_at: string;
  updated_at: string;
}

export interface NewsletterDeliveriesTable {
  id: string;
  newsletter_id: string;
  user_id: string;
  /** The recipient's place in the send request. */
  position: number;
  email: string;
  name: string;
  status: 'pending' | 'sent' | 'failed';
  delivered_to: 'gmail' | 'outlook' | 'outbox' | 'review' | null;
  error: string | null;
  /** When a job run took it to send (a lease: see newsletters/deliveries.ts). */
  claimed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ClientReviewsTable {
  id: string;
  user_id: string;
  /** The lowercased email, else `name:` and the lowercased name. */
  client_key: string;
  client_name: string;
  client_email: string | null;
  period_label: string;
  /** YYYY-MM-DD */
  period_start: string;
  /** YYYY-MM-DD */
  period_end: string;
  status: Generated<'draft' | 'sent'>;
  /** JSON: TClientReviewSections. */
  sections: string;
  /** JSON: TClientReviewEmail. */
  email: string;
  /** JSON: TClientReviewSources. */
  sources: string;
  pdf_id: string | null;
  sent_at: string | null;
  sent_to: string | null;
  delivered_to: 'gmail' | 'outlook' | 'outbox' | 'review' | null;
  drafted_at: string;
  content_updated_at: string;
  created_at: string;
  updated_at: string;
}

export interface BriefingsTable {
  id: string;
  user_id: string;
  name: string | null;
  /** Lowercased. */
  email: string | null;
  company: string | null;
  /** Markdown. */
  briefing: string;
  /** JSON: string[]. */
  questions: string;
  /** JSON: TBriefingSources. */
  sources: string;
  drafted_at: string;
  created_at: string;
  updated_at: string;
}

export interface OnboardingTable {
  user_id: string;
  profile_confirmed_at: string | null;
  dismissed_at: string | null;
  completed_at: string | null;
  updated_at: string;
}

export interface OnboardingSkipsTable {
  user_id: string;
  /** An OnboardingStepId. */
  step: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  auth_sessions: AuthSessionsTable;
  refresh_tokens: RefreshTokensTable;
  one_shot_codes: OneShotCodesTable;
  oauth_states: OAuthStatesTable;
  email_verifications: EmailVerificationsTable;
  invitations: InvitationsTable;
  system_outbox: SystemOutboxTable;
  rate_limits: RateLimitsTable;
  chats: ChatsTable;
  messages: MessagesTable;
  message_feedback: MessageFeedbackTable;
  server_instances: ServerInstancesTable;
  credit_accounts: CreditAccountsTable;
  credit_ledger: CreditLedgerTable;
  tool_approvals: ToolApprovalsTable;
  outbox_emails: OutboxEmailsTable;
  sent_emails: SentEmailsTable;
  chat_disabled_tools: ChatDisabledToolsTable;
  mcp_servers: McpServersTable;
  connections: ConnectionsTable;
  meetings: MeetingsTable;
  calendar_sync: CalendarSyncTable;
  user_knaps: UserKnapsTable;
  knap_defaults_granted: KnapDefaultsGrantedTable;
  knap_requests: KnapRequestsTable;
  knap_component_data: KnapComponentDataTable;
  pdfs: PdfsTable;
  documents: DocumentsTable;
  document_passages: DocumentPassagesTable;
  subscriptions: SubscriptionsTable;
  billing_events: BillingEventsTable;
  local_checkouts: LocalCheckoutsTable;
  audit_log: AuditLogTable;
  audit_head: AuditHeadTable;
  organization_policies: OrganizationPoliciesTable;
  legal_holds: LegalHoldsTable;
  email_reviews: EmailReviewsTable;
  saved_prompts: SavedPromptsTable;
  financial_plans: FinancialPlansTable;
  client_reviews: ClientReviewsTable;
  newsletters: NewslettersTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  onboarding: OnboardingTable;
  onboarding_skips: OnboardingSkipsTable;
  briefings: BriefingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type MeetingRow = Selectable<MeetingsTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ChatRow = Selectable<ChatsTable>;
export type MessageRow = Selectable<MessagesTable>;
