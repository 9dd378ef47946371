// Child process of bench/lib.ts: runs one autocannon load and sends the result back.
import autocannon from 'autocannon';

process.once(
  'message',
  async (msg: { url: string; connections: number; duration: number; tokens: string[] }) => {
    let n = 0;
    const result = await autocannon({
      url: msg.url,
      connections: msg.connections,
      duration: msg.duration,
      ...(msg.tokens.length
        ? {
            requests: [
              {
                setupRequest: (req: autocannon.Request) => ({
                  ...req,
                  headers: { ...req.headers, authorization: `Bearer ${msg.tokens[n++ % msg.tokens.length]}` },
                }),
              },
            ],
          }
        : {}),
    });
    process.send?.(result, () => process.exit(0));
  },
);
