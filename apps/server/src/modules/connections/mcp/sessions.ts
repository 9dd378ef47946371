// The MCP sessions of one reply: at most one per server, opened when the reply first needs the
// server (to list its tools or call one) and ended together, with DELETE, when the reply is done.
import { type McpConnectOptions, McpSession } from './client.js';

export class McpReplySessions {
  /** Sessions opening or open, by server id and URL; a failed opening is forgotten. */
  private readonly sessions = new Map<string, Promise<McpSession>>();
  private closed = false;

  constructor(private readonly options: McpConnectOptions) {}

  /** The reply's session with the server, opened now (within connectTimeoutMs) if it has none. */
  session(server: { id: string; url: string }, connectTimeoutMs: number): Promise<McpSession> {
    if (this.closed) return Promise.reject(new Error('The reply is over; its MCP sessions are closed'));
    const key = `${server.id}\u0000${server.url}`;
    let opening = this.sessions.get(key);
    if (!opening) {
      opening = McpSession.open(server.url, this.options, connectTimeoutMs);
      this.sessions.set(key, opening);
      opening.catch(() => {
        if (this.sessions.get(key) === opening) this.sessions.delete(key);
      });
    }
    return opening;
  }

  /** Ends every session the reply opened (each DELETEd on Streamable HTTP); never throws. */
  async closeAll(): Promise<void> {
    this.closed = true;
    const opened = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(opened.map((s) => s.then((session) => session.close()).catch(() => {})));
  }
}
