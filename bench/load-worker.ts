// Child process of bench/lib.ts: runs one autocannon load and sends the result back.
import autocannon from 'autocannon';

process.once(
  'message',
  async (msg: {
    url: string;
    connections: number;
    duration: number;
    tokens: string[];
    bodies?: string[];
    paths?: string[];
  }) => {
    let n = 0;
    const result = await autocannon({
      url: msg.url,
      connections: msg.connections,
      duration: msg.duration,
      ...(msg.tokens.length
        ? {
            requests: [
              {
                setupRequest: (req: autocannon.Request) => {
                  const i = n++;
                  // With bodies: a POST per request, each body with the token at the same index; with paths,
                  // each request's path, also by index.
                  const body = msg.bodies?.[i % msg.bodies.length];
                  const path = msg.paths?.[i % msg.paths.length];
                  return {
                    ...req,
                    ...(path ? { path } : {}),
                    ...(body ? { method: 'POST' as const, body } : {}),
                    headers: {
                      ...req.headers,
                      ...(body ? { 'content-type': 'application/json' } : {}),
                      authorization: `Bearer ${msg.tokens[i % msg.tokens.length]}`,
                    },
                  };
                },
              },
            ],
          }
        : {}),
    });
    process.send?.(result, () => process.exit(0));
  },
);
