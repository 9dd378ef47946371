// Append-only: never edit a migration that has landed; add the next file and list it here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.js';
import * as m0002 from './0002_assistant.js';
import * as m0003 from './0003_mcp_servers.js';
import * as m0004 from './0004_connections.js';
import * as m0005 from './0005_chat_counts.js';
import * as m0006 from './0006_meetings.js';
import * as m0007 from './0007_knaps.js';
import * as m0008 from './0008_pdfs.js';
import * as m0009 from './0009_billing.js';
import * as m0010 from './0010_audit.js';
import * as m0011 from './0011_chat_search.js';
import * as m0012 from './0012_account_labels.js';
import * as m0013 from './0013_compliance.js';
import * as m0014 from './0014_financial_plans.js';
import * as m0015 from './0015_client_reviews.js';
import * as m0016 from './0016_newsletters.js';
import * as m0017 from './0017_onboarding.js';
import * as m0018 from './0018_saved_prompts.js';
import * as m0019 from './0019_briefings.js';
import * as m0020 from './0020_chat_list_version.js';
import * as m0021 from './0021_newsletter_deliveries.js';
import * as m0022 from './0022_connection_accounts_server.js';
import * as m0023 from './0023_verified_identity.js';
import * as m0024 from './0024_reply_writers.js';
import * as m0025 from './0025_subscription_unknown_price.js';
import * as m0026 from './0026_message_versions.js';
import * as m0027 from './0027_plan_inputs_changed.js';
import * as m0028 from './0028_sent_mail_and_chat_tools.js';
import * as m0029 from './0029_documents.js';
import * as m0032 from './0032_approval_tool_origin.js';
import * as m0033 from './0033_search_finished_messages.js';

export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_assistant': m0002,
  '0003_mcp_servers': m0003,
  '0004_connections': m0004,
  '0005_chat_counts': m0005,
  '0006_meetings': m0006,
  '0007_knaps': m0007,
  '0008_pdfs': m0008,
  '0009_billing': m0009,
  '0010_audit': m0010,
  '0011_chat_search': m0011,
  '0012_account_labels': m0012,
  '0013_compliance': m0013,
  '0014_financial_plans': m0014,
  '0015_client_reviews': m0015,
  '0016_newsletters': m0016,
  '0017_onboarding': m0017,
  '0018_saved_prompts': m0018,
  '0019_briefings': m0019,
  '0020_chat_list_version': m0020,
  '0021_newsletter_deliveries': m0021,
  '0022_connection_accounts_server': m0022,
  '0023_verified_identity': m0023,
  '0024_reply_writers': m0024,
  '0025_subscription_unknown_price': m0025,
  '0026_message_versions': m0026,
  '0027_plan_inputs_changed': m0027,
  '0028_sent_mail_and_chat_tools': m0028,
  '0029_documents': m0029,
  '0032_approval_tool_origin': m0032,
  '0033_search_finished_messages': m0033,
};
