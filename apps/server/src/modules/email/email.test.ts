import { EMAIL_PATHS } from '@knap/contracts';
import type { FakeCalendarApi } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectViaOAuth, startGoogleAndMicrosoft } from '../../testing/connections.js';
import { formOf, sampleRoadmap } from '../../testing/pdf.js';
import { createTestApp, type TestApp, testEngine } from '../../testing/test-app.js';
import { as, type SignedInUser, signUp, userIdOf } from '../../testing/users.js';

const SEND = EMAIL_PATHS.send;

const fields = (overrides: Record<string, string> = {}) => ({
  to: 'ann@henderson.example',
  subject: 'Your roadmap',
  body: 'Ann, your roadmap is attached.\nDana',
  connection_type: 'Gmail',
  ...overrides,
});

/** The body as it arrives: multipart/form-data sends every line break as CRLF. */
const sentBody = 'Ann, your roadmap is attached.\r\nDana';

const pdfFile = (content: Buffer, name = 'Henderson roadmap.pdf') => ({
  field: 'attachment',
  name,
  type: 'application/pdf',
  content,
});

describe(`sending email with a PDF (${testEngine()})`, () => {
  let fakes: Awaited<ReturnType<typeof startGoogleAndMicrosoft>>;
  let google: FakeCalendarApi;
  let graph: FakeCalendarApi;
  let t: TestApp;
  let gmailUser: SignedInUser;
  let outlookUser: SignedInUser;
  let pdf: Buffer;
  let pdfId: string;

  beforeAll(async () => {
    fakes = await startGoogleAndMicrosoft();
    ({ google, graph } = fakes);
    t = await createTestApp({ config: fakes.config });
    gmailUser = await signUp(t);
    await connectViaOAuth(t, gmailUser, 'google_gmail_modify');
    outlookUser = await signUp(t);
    await connectViaOAuth(t, outlookUser, 'microsoft_outlook_read');
    const generated = await as(
      t,
      gmailUser,
    )({ method: 'POST', url: '/api/pdf/generate', payload: sampleRoadmap() });
    pdfId = generated.json().id;
    pdf = (await as(t, gmailUser)({ method: 'GET', url: `/api/pdf-service/${pdfId}` })).rawPayload;
  });
  afterAll(async () => {
    await t.close();
    await fakes.close();
  });

  const outbox = async (user: SignedInUser) =>
    t.db.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('user_id', '=', await userIdOf(t, user.email))
      .execute();

  it('sends an uploaded PDF through Gmail as a multipart/mixed message', async () => {
    const res = await as(
      t,
      gmailUser,
    )({ method: 'POST', url: SEND, payload: formOf(fields(), pdfFile(pdf)) });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, delivered_to: 'gmail' }]);
    const sent = google.sentMail.at(-1)!;
    // A mail's lines end in CRLF on the wire whatever they were; a reader gives them back as lines.
    expect(sent).toMatchObject({
      to: 'ann@henderson.example',
      subject: 'Your roadmap',
      body: fields().body,
    });
    expect(sent.attachments).toHaveLength(1);
    expect(sent.attachments![0]).toMatchObject({
      filename: 'Henderson roadmap.pdf',
      contentType: 'application/pdf',
    });
    expect(sent.attachments![0]!.content.equals(pdf)).toBe(true);
    expect(await outbox(gmailUser)).toEqual([]);
  });

  it('attaches a stored PDF by pdf_id under its own name unless a name is given', async () => {
    const call = as(t, gmailUser);
    const byId = await call({ method: 'POST', url: SEND, payload: formOf(fields({ pdf_id: pdfId })) });
    expect(byId.json()).toEqual({ success: true, delivered_to: 'gmail' });
    // A generated roadmap is named for its client and day.
    expect(google.sentMail.at(-1)!.attachments![0]!.filename).toMatch(
      /^Henderson — roadmap — \d{4}-\d{2}-\d{2}\.pdf$/,
    );
    expect(google.sentMail.at(-1)!.attachments![0]!.content.equals(pdf)).toBe(true);

    await call({
      method: 'POST',
      url: SEND,
      payload: formOf(fields({ pdf_id: pdfId, filename: 'Plan für Ann.pdf' })),
    });
    expect(google.sentMail.at(-1)!.attachments![0]!.filename).toBe('Plan für Ann.pdf');

    // Someone else's PDF is not found, and nothing is sent.
    const before = google.sentMail.length;
    const other = await as(
      t,
      outlookUser,
    )({ method: 'POST', url: SEND, payload: formOf(fields({ pdf_id: pdfId })) });
    expect([other.statusCode, other.json()]).toEqual([404, { detail: 'PDF not found' }]);
    expect(google.sentMail.length).toBe(before);
  });

  it('sends through Outlook as a Graph fileAttachment, to several recipients', async () => {
    const res = await as(
      t,
      outlookUser,
    )({
      method: 'POST',
      url: SEND,
      payload: formOf(
        fields({ connection_type: 'Outlook', to: 'ann@henderson.example, bob@henderson.example' }),
        pdfFile(pdf),
      ),
    });
    expect(res.json()).toEqual({ success: true, delivered_to: 'outlook' });
    const sent = graph.sentMail.at(-1)!;
    expect(sent).toMatchObject({
      to: 'ann@henderson.example, bob@henderson.example',
      subject: 'Your roadmap',
    });
    expect(sent.attachments![0]).toMatchObject({
      filename: 'Henderson roadmap.pdf',
      contentType: 'application/pdf',
    });
    expect(sent.attachments![0]!.content.equals(pdf)).toBe(true);
  });

  it('keeps the mail and its attachment in the outbox when the named connection is not connected', async () => {
    // This user has Gmail, not Outlook: an Outlook send waits in the outbox rather than switching.
    const sentBefore = [google.sentMail.length, graph.sentMail.length];
    const notes = Buffer.from('Meeting notes\n');
    const res = await as(
      t,
      gmailUser,
    )({
      method: 'POST',
      url: SEND,
      payload: formOf(fields({ connection_type: 'Outlook' }), {
        field: 'attachment',
        name: 'notes.txt',
        type: 'text/plain',
        content: notes,
      }),
    });
    expect(res.json()).toEqual({ success: true, delivered_to: 'outbox' });
    expect([google.sentMail.length, graph.sentMail.length]).toEqual(sentBefore);
    const [kept] = await outbox(gmailUser);
    expect(kept).toMatchObject({
      to_address: 'ann@henderson.example',
      subject: 'Your roadmap',
      attachment_filename: 'notes.txt',
      attachment_type: 'text/plain',
    });
    expect(Buffer.from(kept!.attachment!).equals(notes)).toBe(true);

    const plain = await signUp(t);
    const noFile = await as(t, plain)({ method: 'POST', url: SEND, payload: formOf(fields()) });
    expect(noFile.json()).toEqual({ success: true, delivered_to: 'outbox' });
    expect(await outbox(plain)).toEqual([
      expect.objectContaining({ attachment: null, attachment_filename: null, body: sentBody }),
    ]);

    // Each user reads their own outbox, without the attachment's bytes.
    const listed = await as(t, gmailUser)({ method: 'GET', url: EMAIL_PATHS.outbox });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()[0]).toEqual({
      id: kept!.id,
      to: 'ann@henderson.example',
      subject: 'Your roadmap',
      body: kept!.body,
      attachment_filename: 'notes.txt',
      attachment_bytes: notes.length,
      created_at: kept!.created_at,
    });
    const own = (await as(t, plain)({ method: 'GET', url: EMAIL_PATHS.outbox })).json();
    expect(own.map((m: { attachment_bytes: number | null }) => m.attachment_bytes)).toEqual([null]);
    expect((await t.app.inject({ method: 'GET', url: EMAIL_PATHS.outbox })).statusCode).toBe(401);
  });

  it.each<{ what: string; form: Record<string, string>; field: string }>([
    {
      what: 'a line break in the subject',
      form: { subject: 'Roadmap\r\nBcc: spy@evil.example' },
      field: 'subject',
    },
    { what: 'a line break in to', form: { to: 'ann@henderson.example\nBcc: spy@evil.example' }, field: 'to' },
    { what: 'a line break in the filename', form: { filename: 'a.pdf\r\nX-Evil: 1' }, field: 'filename' },
  ])('refuses $what with 422 and sends nothing', async ({ form, field }) => {
    const before = [google.sentMail.length, (await outbox(gmailUser)).length];
    const res = await as(
      t,
      gmailUser,
    )({ method: 'POST', url: SEND, payload: formOf(fields(form), pdfFile(pdf)) });
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { detail: `Invalid body.${field}: must not contain line breaks` },
    ]);
    expect([google.sentMail.length, (await outbox(gmailUser)).length]).toEqual(before);
  });

  it('refuses a bad connection_type, bad recipients, a missing field, and an oversized attachment', async () => {
    const call = as(t, gmailUser);
    const before = google.sentMail.length;
    const send = (form: FormData) => call({ method: 'POST', url: SEND, payload: form });

    const yahoo = await send(formOf(fields({ connection_type: 'Yahoo' })));
    expect(yahoo.statusCode).toBe(422);
    expect(yahoo.json().detail).toMatch(/^Invalid body\.connection_type: /);

    for (const to of ['ann', 'ann@henderson.example, not-an-address', ' , ']) {
      const res = await send(formOf(fields({ to })));
      expect([res.statusCode, res.json()]).toEqual([
        422,
        { detail: 'Invalid body.to: must be one or more comma-separated email addresses' },
      ]);
    }

    const { subject: _, ...noSubject } = fields();
    expect((await send(formOf(noSubject))).json().detail).toMatch(/^Invalid body\.subject: /);

    const both = await send(formOf(fields({ pdf_id: pdfId }), pdfFile(pdf)));
    expect([both.statusCode, both.json()]).toEqual([
      422,
      { detail: 'Attach either a file or a stored PDF (pdf_id), not both' },
    ]);

    const huge = await send(formOf(fields(), pdfFile(Buffer.alloc(10 * 1024 * 1024 + 1))));
    expect([huge.statusCode, huge.json()]).toEqual([413, { detail: 'The attachment is larger than 10 MB' }]);

    const json = await call({ method: 'POST', url: SEND, payload: fields() });
    expect([json.statusCode, json.json()]).toEqual([415, { detail: 'Send the form as multipart/form-data' }]);

    expect(google.sentMail.length).toBe(before);
    expect(await outbox(gmailUser)).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: SEND, payload: formOf(fields()) })).statusCode).toBe(
      401,
    );
  });

  it('sends through Outlook what fits one Graph request (4 MB), and refuses more', async () => {
    const send = (content: Buffer) =>
      as(
        t,
        outlookUser,
      )({
        method: 'POST',
        url: SEND,
        payload: formOf(fields({ connection_type: 'Outlook' }), pdfFile(content)),
      });
    const fits = Buffer.concat([pdf, Buffer.alloc(2_100_000)]);
    expect((await send(fits)).json()).toEqual({ success: true, delivered_to: 'outlook' });
    expect(graph.sentMail.at(-1)!.attachments![0]!.content.equals(fits)).toBe(true);

    const before = graph.sentMail.length;
    const res = await send(Buffer.concat([pdf, Buffer.alloc(3 * 1024 * 1024)]));
    expect([res.statusCode, res.json()]).toEqual([
      413,
      {
        detail:
          'Outlook takes at most 4 MB per message with its attachments (about 2 MB of files); send it through Gmail or share a link',
      },
    ]);
    expect(graph.sentMail.length).toBe(before);
  });
});
