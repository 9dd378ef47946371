import { KNAP_PATHS } from '@knap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { knapApi, makeKnap, makeKnapRequest, setUpKnapSession } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { KnapsPage } from './knaps-page';

function renderPage() {
  return renderRoutes(
    [
      { path: '/knaps', element: <KnapsPage /> },
      { path: '/request-knap', element: <p>Request screen</p> },
      { path: '/advanced-planning', element: <p>Planning screen</p> },
    ],
    '/knaps',
  );
}

setUpKnapSession();

describe('KnapsPage', () => {
  it("lists the user's knaps with their pages, and offers to ask for the others", async () => {
    mockFetch({
      ...knapApi([makeKnap('advancedPlanning', 1), makeKnap('advisorMeetingDashboard')]),
      [`GET ${KNAP_PATHS.requests}`]: () =>
        jsonResponse([makeKnapRequest({ knap: 'outreachRecommendations' })]),
    });
    const { router } = renderPage();

    const yours = await screen.findByRole('region', { name: 'Your knaps' });
    const planning = within(yours).getByRole('listitem', { name: 'Advanced Planning' });
    expect(within(planning).getByText(/client profile, planning gaps/)).toBeTruthy();
    expect(
      within(yours).getByRole('link', { name: 'Open Advisor Meeting Coaching' }).getAttribute('href'),
    ).toBe('/coaching');

    const more = screen.getByRole('region', { name: 'More knaps' });
    expect(
      within(more)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-labelledby')),
    ).toEqual(['knap-Prospecting', 'knap-outreachRecommendations']);
    const outreach = within(more).getByRole('listitem', { name: 'Outreach Recommendations' });
    expect(await within(outreach).findByText('Access requested')).toBeTruthy();
    expect(within(outreach).queryByRole('link')).toBeNull();

    await userEvent.click(within(more).getByRole('link', { name: 'Request access to Prospecting' }));
    expect(router.state.location.pathname).toBe('/request-knap');
    expect(router.state.location.search).toBe('?knap=Prospecting');
  });

  it('opens a knap from its card', async () => {
    mockFetch({
      ...knapApi([makeKnap('advancedPlanning', 1)]),
      [`GET ${KNAP_PATHS.requests}`]: () => jsonResponse([]),
    });
    renderPage();
    await userEvent.click(await screen.findByRole('link', { name: 'Open Advanced Planning' }));
    expect(await screen.findByText('Planning screen')).toBeTruthy();
  });

  it('leads to every workspace screen', async () => {
    mockFetch({ ...knapApi([]), [`GET ${KNAP_PATHS.requests}`]: () => jsonResponse([]) });
    renderPage();
    const workspace = await screen.findByRole('region', { name: 'Workspace' });
    const targets = within(workspace)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(targets).toEqual([
      '/client-review',
      '/financial-plan',
      '/newsletter-generator',
      '/quarterly-newsletter',
      '/first-impressions',
      '/library',
      '/onboarding',
    ]);
  });

  it('says when the user has no knap yet', async () => {
    mockFetch({ ...knapApi([]), [`GET ${KNAP_PATHS.requests}`]: () => jsonResponse([]) });
    renderPage();
    expect(await screen.findByText('You have no knaps yet. Ask for one below.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /^Request access/ })).toHaveLength(4);
  });

  it('shows why the knaps could not be loaded, and tries again', async () => {
    let fail = true;
    mockFetch({
      [`GET ${KNAP_PATHS.list}`]: () =>
        fail ? new Response('{}', { status: 500 }) : jsonResponse([makeKnap('advancedPlanning', 1)]),
      [`GET ${KNAP_PATHS.requests}`]: () => jsonResponse([]),
    });
    renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch knaps');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Open Advanced Planning' })).toBeTruthy();
  });
});
