// Runs outside-service fakes as their own process, for the end-to-end tests (Playwright starts it
// next to the app) and for trying flows locally without real accounts:
//   node --import tsx packages/fakes/src/serve.ts --sevanta-port 4010 --microsoft-port 4011 --graph-port 4012
// Sevanta then answers at http://127.0.0.1:4010/{system_code} for the system 'acme-ventures', signs
// everyone in as the e-mail given by --sevanta-email, and has a small seeded pipeline. Microsoft
// sign-in (OAuth at :4011/authorize, /token, /userinfo; client fake-client-id / fake-client-secret)
// and Graph (:4012) give an Outlook calendar with meetings around now: one starting in 10 minutes
// with a Teams link, one tomorrow, one yesterday. With --smtp-port and --mailbox-port, an SMTP server
// takes the app's own mail (SMTP_URL=smtp://127.0.0.1:<smtp-port>) and GET
// http://127.0.0.1:<mailbox-port>/messages?to=<address> lists what it got for that address.
import { parseArgs } from 'node:util';
import { startFakeGraphCalendar } from './graph.js';
import { sendJson, startFakeServer } from './http.js';
import { startFakeOidc } from './oidc.js';
import { samplePipeline, startFakeSevanta } from './sevanta.js';
import { startFakeSmtp } from './smtp.js';

const { values } = parseArgs({
  options: {
    'sevanta-port': { type: 'string' },
    'sevanta-email': { type: 'string', default: 'advisor@example.com' },
    'microsoft-port': { type: 'string' },
    'graph-port': { type: 'string' },
    'smtp-port': { type: 'string' },
    'mailbox-port': { type: 'string' },
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

const closers: Array<() => Promise<void>> = [() => sevanta.close()];
const msPort = Number(values['microsoft-port']);
const graphPort = Number(values['graph-port']);
if (msPort > 0 && graphPort > 0) {
  const oidc = await startFakeOidc({
    port: msPort,
    user: { sub: 'ms-1', email: 'advisor@outlook.example', name: 'Outlook Advisor' },
  });
  const graph = await startFakeGraphCalendar(oidc, graphPort);
  const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  // A meeting about to start, kept that way: a calendar read at any time of a long run has a
  // meeting the notetaker books at once (its window is the next 15 minutes). Once fewer than 6
  // minutes are left, the meeting moves to 10 minutes ahead, a change the next sync reports.
  const soon = () =>
    graph.changeEvent({
      id: 'soon',
      title: 'Henderson annual review',
      start: at(10),
      end: at(70),
      meetingUrl: 'https://teams.example/meet/henderson',
      attendees: [
        { email: 'ann@henderson.example', name: 'Ann Henderson', response: 'accepted' },
        { email: 'bob.henderson@henderson.example', response: 'declined' },
        { email: 'pat@firm.example', name: 'Pat Advisor', response: 'tentative' },
      ],
    });
  soon();
  const keepSoon = setInterval(() => {
    const start = graph.events.find((e) => e.id === 'soon')?.start;
    if (start && Date.parse(start) - Date.now() < 6 * 60_000) soon();
  }, 30_000);
  graph.events.push(
    { id: 'tomorrow', title: 'Prospect intro: the Parks', start: at(24 * 60), end: at(24 * 60 + 30) },
    { id: 'yesterday', title: 'Estate planning call', start: at(-26 * 60), end: at(-26 * 60 + 45) },
  );
  console.log(`Microsoft fake: ${oidc.url} (OAuth), ${graph.url} (Graph)`);
  closers.push(
    async () => clearInterval(keepSoon),
    () => graph.close(),
    () => oidc.close(),
  );
}

const smtpPort = Number(values['smtp-port']);
const mailboxPort = Number(values['mailbox-port']);
if (smtpPort > 0 && mailboxPort > 0) {
  const smtp = await startFakeSmtp(smtpPort);
  const mailbox = await startFakeServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const to = url.searchParams.get('to')?.toLowerCase() ?? '';
    return sendJson(
      res,
      200,
      smtp.messages
        .filter((m) => m.to.includes(to))
        .map((m) => ({ to: m.to, subject: m.parsed.subject ?? '', text: m.parsed.text ?? '' })),
    );
  }, mailboxPort);
  console.log(`SMTP fake: ${smtp.url}; its mailbox: ${mailbox.url}/messages?to=`);
  closers.push(
    () => mailbox.close(),
    () => smtp.close(),
  );
}

const stop = () => void Promise.all(closers.map((close) => close())).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
