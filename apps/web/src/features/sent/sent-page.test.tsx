import { EMAIL_PATHS, type TSentEmailSummary } from '@knap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../lib/token-manager';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { SentEmailPage } from './sent-email-page';
import { SentPage } from './sent-page';

const item = (n: number, overrides: Partial<TSentEmailSummary> = {}): TSentEmailSummary => ({
  id: `outbox_${n}`,
  kind: 'outbox',
  to: `client${n}@example.com`,
  subject: `Email ${n}`,
  created_at: `2026-06-0${n}T12:00:00.000Z`,
  status: 'sent',
  via: 'outbox',
  supervision: null,
  reviewer: null,
  attachment_names: [],
  error: null,
  ...overrides,
});

const render = (path = '/sent') =>
  renderRoutes(
    [
      { path: '/sent', element: <SentPage /> },
      { path: '/sent/:id', element: <SentEmailPage /> },
    ],
    path,
  );

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
});
afterEach(() => tokenManager.clear());

describe('the Sent view', () => {
  it('lists status, route, review and attachments, and loads the next page', async () => {
    const fetchMock = mockFetch({
      [`GET ${EMAIL_PATHS.sent}`]: (request) =>
        new URL(request.url).searchParams.get('skip') === '0'
          ? jsonResponse({
              items: [
                item(3, {
                  status: 'held',
                  via: null,
                  supervision: 'pending',
                  kind: 'review',
                  id: 'review_3',
                }),
                item(2, {
                  status: 'failed',
                  via: 'outlook',
                  kind: 'sent',
                  id: 'sent_2',
                  attachment_names: ['Plan.pdf'],
                }),
              ],
              next_skip: 2,
            })
          : jsonResponse({ items: [item(1)], next_skip: null }),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Sent' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((r) => r.getAttribute('href'))).toEqual(['/sent/review_3', '/sent/sent_2']);
    expect(rows[0]!.textContent).toContain('Held for review');
    expect(rows[0]!.textContent).toContain('Waiting for review');
    expect(rows[1]!.textContent).toContain('Failed');
    expect(rows[1]!.textContent).toContain('Outlook');
    expect(rows[1]!.textContent).toContain('Plan.pdf');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Email 1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('says so when nothing was sent, and shows a failure with Try again', async () => {
    mockFetch({ [`GET ${EMAIL_PATHS.sent}`]: () => jsonResponse({ items: [], next_skip: null }) });
    render();
    expect(await screen.findByText('Nothing sent yet')).toBeTruthy();
  });

  it('shows a failed load with Try again', async () => {
    mockFetch({ [`GET ${EMAIL_PATHS.sent}`]: () => jsonResponse({ detail: 'Database is away' }, 503) });
    render();
    expect((await screen.findByRole('alert')).textContent).toContain('Try again');
  });

  it('shows one email with its body as text, never as HTML', async () => {
    mockFetch({
      [`GET ${EMAIL_PATHS.sentEmail('outbox_1')}`]: () =>
        jsonResponse({ ...item(1), body: 'Hi <img src="https://tracker.example/x.png"> Ann', comment: null }),
    });
    const { container } = render('/sent/outbox_1');
    expect(await screen.findByRole('heading', { name: 'Email 1' })).toBeTruthy();
    expect(screen.getByText('Hi <img src="https://tracker.example/x.png"> Ann')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it("shows the server's 404 for an email that is not the user's", async () => {
    mockFetch({});
    render('/sent/outbox_nope');
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
  });
});
