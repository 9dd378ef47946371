import { z } from 'zod';

export const MCP_DESCRIPTION_MAX = 500;
export const MCP_URL_MAX = 2000;
/** Custom tool URLs a user may add. */
export const MCP_SERVERS_MAX = 20;

/** SPEC §3 custom tool URL. */
export const ZMcpUrl = z.object({ id: z.string(), mcp_description: z.string(), mcp_url: z.string() });
export type TMcpUrl = z.infer<typeof ZMcpUrl>;

const fields = {
  mcp_description: z.string().trim().min(1, 'Description is required').max(MCP_DESCRIPTION_MAX),
  mcp_url: z.string().trim().min(1, 'URL is required').max(MCP_URL_MAX),
};
export const ZAddMcpUrlRequest = z.object(fields);
export type TAddMcpUrlRequest = z.infer<typeof ZAddMcpUrlRequest>;
export const ZUpdateMcpUrlRequest = z.object({ id: z.string().min(1).max(100), ...fields });
export type TUpdateMcpUrlRequest = z.infer<typeof ZUpdateMcpUrlRequest>;

export const ZMcpTestResult = z.object({
  status: z.enum(['available', 'unavailable']),
  tools: z.array(z.object({ name: z.string(), description: z.string(), needs_approval: z.boolean() })),
  error: z.string().optional(),
});
export type TMcpTestResult = z.infer<typeof ZMcpTestResult>;
