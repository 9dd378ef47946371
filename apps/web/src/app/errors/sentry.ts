// The Sentry SDK, in its own chunk: error-reporting.ts loads it only when the server names a DSN.
// Everything an event, breadcrumb or replay carries passes through the scrubbing of
// packages/contracts/src/error-reporting.ts; replays mask all text and inputs and block all media.
import {
  ERROR_SAMPLE_RATE,
  type ErrorReportingSettings,
  REPLAY_ON_ERROR_SAMPLE_RATE,
  REPLAY_SESSION_SAMPLE_RATE,
  scrubBreadcrumb,
  scrubErrorEvent,
  withoutQuery,
} from '@knap/contracts';
import * as Sentry from '@sentry/react';

/** A replay's custom recording events (performance spans name the URLs of resources and requests). */
interface RecordingEvent {
  type: number;
  data: { payload?: { description?: string; data?: Record<string, unknown> } };
}

/** The replay's own events (performance spans name the URLs fetched): without query strings. */
function scrubRecordingEvent<E extends RecordingEvent>(event: E): E {
  const description = event.data.payload?.description;
  if (!description) return event;
  return {
    ...event,
    data: { ...event.data, payload: { ...event.data.payload, description: withoutQuery(description) } },
  };
}

/** An `href` in a recording (the page's address in rrweb's meta event, links' attributes) and its query. */
const RECORDED_HREF = /("href":")([^"?#]*)[?#][^"]*"/g;

type Envelope = Parameters<ReturnType<typeof Sentry.makeFetchTransport>['send']>[0];

/**
 * rrweb's own events never reach `beforeAddRecordingEvent`, and its meta event carries the page's
 * full address: the recording's hrefs lose their query strings on the way out.
 */
function scrubEnvelope(envelope: Envelope): Envelope {
  const [headers, items] = envelope as unknown as [
    unknown,
    Array<[{ type: string; length?: number }, unknown]>,
  ];
  const scrubbed = items.map(([header, payload]) => {
    if (header.type !== 'replay_recording' || typeof payload !== 'string') return [header, payload];
    const text = payload.replace(RECORDED_HREF, '$1$2"');
    return [{ ...header, length: new TextEncoder().encode(text).length }, text];
  });
  return [headers, scrubbed] as unknown as Envelope;
}

const scrubbingTransport: typeof Sentry.makeFetchTransport = (options) => {
  const transport = Sentry.makeFetchTransport(options);
  return { ...transport, send: (envelope) => transport.send(scrubEnvelope(envelope)) };
};

export function startSentry(settings: ErrorReportingSettings) {
  Sentry.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release || undefined,
    transport: scrubbingTransport,
    sampleRate: ERROR_SAMPLE_RATE,
    replaysSessionSampleRate: REPLAY_SESSION_SAMPLE_RATE,
    replaysOnErrorSampleRate: REPLAY_ON_ERROR_SAMPLE_RATE,
    integrations: (defaults) => [
      // Console lines can hold anything a component logged: they are not kept as breadcrumbs.
      ...defaults.filter((integration) => integration.name !== 'Console'),
      Sentry.replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        // The compression worker would be a blob: worker, which the CSP does not allow.
        useCompression: false,
        beforeAddRecordingEvent: (event) => scrubRecordingEvent(event as RecordingEvent) as typeof event,
      }),
    ],
    beforeSend: (event) => scrubErrorEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
  });
  // A replay's own event (the pages it saw, the request) is scrubbed as every other event.
  Sentry.addEventProcessor((event) =>
    event.type === 'replay_event'
      ? scrubErrorEvent({ ...event, urls: (event as { urls?: string[] }).urls?.map(withoutQuery) })
      : event,
  );
  return Sentry;
}
