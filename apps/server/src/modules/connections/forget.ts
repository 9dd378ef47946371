// What the module does when an account changes hands: the auth module's account claim emits
// accountClaimed, and app.ts hands it here.
import type { AppDeps } from '../../platform/deps.js';
import * as mcp from './mcp/service.js';
import * as oauth from './oauth/service.js';

/**
 * Removes every connection and custom tool URL of the user: their account changed hands (see the
 * auth module's account claim), and what the previous holder set up could lead to their mailbox
 * or their server.
 */
export async function forgetIntegrations(deps: AppDeps, userId: string): Promise<void> {
  await oauth.removeAllConnections(deps, userId);
  for (const server of await mcp.listMcpUrls(deps, userId)) await mcp.deleteMcpUrl(deps, userId, server.id);
}
