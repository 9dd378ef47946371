// Serves the demo host page (index.html) on its own port, embedding the widget from the app:
//   node examples/host/serve.mjs --port 4100 --app http://127.0.0.1:3000
// Start the app with WIDGET_ALLOWED_ORIGINS=http://127.0.0.1:4100 so it may be framed there.
// `/foreign.html` is a page of this origin for tests: it posts AUTH_SUCCESS to its parent's frames.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4100' },
    host: { type: 'string', default: '127.0.0.1' },
    app: { type: 'string', default: 'http://127.0.0.1:3000' },
  },
});
const app = new URL(values.app).origin;
const page = readFileSync(path.join(import.meta.dirname, 'index.html'), 'utf8').replace('__APP_URL__', app);
const foreign = `<!doctype html><title>foreign</title><script>
  window.addEventListener('message', function (e) {
    if (e.data && e.data.type === 'FORWARD') {
      for (var i = 0; i < window.parent.frames.length; i++)
        window.parent.frames[i].postMessage({ type: 'AUTH_SUCCESS', provider: 'knap', access_token: e.data.token }, '*');
    }
  });
</script>`;

createServer((req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://host');
  if (pathname === '/' || pathname === '/index.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    return res.end(page);
  }
  if (pathname === '/foreign.html') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(foreign);
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('Not found');
}).listen(Number(values.port), values.host, () => {
  console.log(`Host page: http://${values.host}:${values.port}/ (embedding ${app}/widget.js)`);
});
