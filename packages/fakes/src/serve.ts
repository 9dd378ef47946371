// Runs outside-service fakes as their own process, for the end-to-end tests (Playwright starts it
// next to the app) and for trying flows locally without real accounts:
//   node --import tsx packages/fakes/src/serve.ts --sevanta-port 4010
// Sevanta then answers at http://127.0.0.1:4010/{system_code} for the system 'acme-ventures', signs
// everyone in as the e-mail given by --sevanta-email, and has a small seeded pipeline.
import { parseArgs } from 'node:util';
import { samplePipeline, startFakeSevanta } from './sevanta.js';

const { values } = parseArgs({
  options: {
    'sevanta-port': { type: 'string' },
    'sevanta-email': { type: 'string', default: 'advisor@example.com' },
  },
});

const port = Number(values['sevanta-port']);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: serve.ts --sevanta-port <port> [--sevanta-email <email>]');
  process.exit(2);
}

const sevanta = await startFakeSevanta({
  port,
  user: { sub: 'sevanta-1', email: values['sevanta-email'], name: 'Sevanta User' },
  systems: ['acme-ventures'],
});
sevanta.deals.push(...samplePipeline(Date.now()));
console.log(`Sevanta fake: ${sevanta.urlTemplate} (client id sevanta-client, secret sevanta-secret)`);

const stop = () => void sevanta.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
