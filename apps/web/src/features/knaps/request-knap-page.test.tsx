import { KNAP_DETAIL, KNAP_PATHS, type TKnapRequest } from '@knap/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { heldResponse, jsonResponse, mockFetch } from '../../test/fetch-mock';
import { knapApi, makeKnap, makeKnapRequest, setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { RequestKnapPage } from './request-knap-page';

vi.mock('sonner', async (importOriginal) => ({
  ...(await importOriginal<typeof import('sonner')>()),
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn() }),
}));

const renderPage = (path = '/request-knap') =>
  renderRoutes([{ path: '/request-knap', element: <RequestKnapPage /> }], path);

setUpKnapSession();

describe('RequestKnapPage', () => {
  it('asks for the knap named in the link, with a note, and lists it as pending', async () => {
    const post = heldResponse();
    let requests: TKnapRequest[] = [
      makeKnapRequest({
        id: 'old',
        knap: 'outreachRecommendations',
        status: 'declined',
        decided_at: '2026-11-21T10:00:00.000Z',
      }),
    ];
    mockFetch({
      ...knapApi([makeKnap('advancedPlanning', 1)]),
      [`GET ${KNAP_PATHS.requests}`]: () => jsonResponse(requests),
      [`POST ${KNAP_PATHS.requests}`]: post.handler,
    });
    renderPage('/request-knap?knap=advisorMeetingDashboard');

    const knap = (await screen.findByRole('combobox', { name: 'Knap' })) as HTMLSelectElement;
    expect(knap.value).toBe('advisorMeetingDashboard');
    expect([...knap.options].map((o) => o.textContent)).toEqual([
      'Prospecting',
      'Advisor Meeting Coaching',
      'Outreach Recommendations',
    ]);
    const past = await screen.findByRole('region', { name: 'Your requests' });
    expect(within(past).getByText('Declined')).toBeTruthy();

    await userEvent.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'For my Monday reviews');
    await userEvent.click(screen.getByRole('button', { name: 'Request access' }));
    expect(await screen.findByRole('status', { name: 'Sending your request...' })).toBeTruthy();
    expect(post.bodies).toEqual([{ knap: 'advisorMeetingDashboard', note: 'For my Monday reviews' }]);

    const created = makeKnapRequest({
      id: 'new',
      knap: 'advisorMeetingDashboard',
      note: 'For my Monday reviews',
    });
    requests = [created, ...requests];
    post.release(jsonResponse(created));

    const item = await within(past).findByText('Advisor Meeting Coaching');
    expect(within(item.closest('li')!).getByText('Pending')).toBeTruthy();
    expect(within(item.closest('li')!).getByText('For my Monday reviews')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith(
      'Asked for Advisor Meeting Coaching. An operator will decide.',
    );
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Note (optional)' })).toHaveProperty('value', ''),
    );
  });

  it("shows the server's reason when a request is refused", async () => {
    mockFetch({
      ...knapApi([makeKnap('advancedPlanning', 1)]),
      [`GET ${KNAP_PATHS.requests}`]: () => jsonResponse([makeKnapRequest({})]),
      [`POST ${KNAP_PATHS.requests}`]: () => jsonResponse({ detail: KNAP_DETAIL.alreadyAsked }, 409),
    });
    renderPage('/request-knap?knap=Prospecting');

    await userEvent.click(await screen.findByRole('button', { name: 'Request access' }));
    expect((await screen.findByRole('alert')).textContent).toBe(KNAP_DETAIL.alreadyAsked);
  });

  it('has nothing to ask for when the user has every knap', async () => {
    mockFetch({
      ...knapApi([
        makeKnap('Prospecting'),
        makeKnap('advancedPlanning'),
        makeKnap('advisorMeetingDashboard'),
        makeKnap('outreachRecommendations'),
      ]),
      [`GET ${KNAP_PATHS.requests}`]: () => jsonResponse([]),
    });
    renderPage('/request-knap?knap=Prospecting');
    expect(await screen.findByText('You already have every knap.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request access' })).toBeNull();
    expect(await screen.findByText('You have not asked for a knap yet.')).toBeTruthy();
  });
});
