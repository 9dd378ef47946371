// Child process of bench/capacity.ts: the baseline, a bare SSE relay on node:http. Each POST calls
// the fake model (streaming), and relays every content delta as the event our server sends for a
// token (`data: {"type":"text-delta",…}`), then `data: [DONE]`. No framework, no database, no SDK:
// what the least possible relay costs. `GET /health` answers at once: its times under the same load
// are the floor a health check can reach on this machine. Sends its URL on IPC.
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerProbes } from './capacity-probe.js';

const model = new URL(`${process.env.CAPACITY_MODEL_URL}/chat/completions`);
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
    return;
  }
  req.resume();
  req.on('end', () => {
    const upstream = request(model, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
    });
    upstream.on('response', (from) => {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      from.setEncoding('utf8');
      let buffered = '';
      from.on('data', (text: string) => {
        buffered += text;
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const event = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
          if (!event.startsWith('data: {')) continue;
          const content = (JSON.parse(event.slice(6)) as { choices: Array<{ delta?: { content?: string } }> })
            .choices[0]?.delta?.content;
          if (content)
            res.write(`data: ${JSON.stringify({ type: 'text-delta', id: '0', delta: content })}\n\n`);
        }
      });
      from.on('end', () => res.end('data: [DONE]\n\n'));
    });
    upstream.on('error', () => res.destroy());
    upstream.end(
      JSON.stringify({ model: 'relay', stream: true, messages: [{ role: 'user', content: 'Hello' }] }),
    );
  });
});
server.listen(0, '127.0.0.1', () => {
  answerProbes();
  process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
process.on('disconnect', () => process.exit(0));
