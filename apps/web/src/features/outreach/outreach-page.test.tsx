import { KNAP_DETAIL, type TOutreachCard, type TOutreachClient } from '@knap/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { calledRoutes, jsonResponse } from '../../test/fetch-mock';
import { mockKnapApi, nextData, signedInForEachTest } from '../../test/knap-page-api';
import { makeKnap } from '../../test/knaps';
import { renderRoutes } from '../../test/render';
import { OutreachPage } from './outreach-page';
import type { TAiRecommendationsOutreachData, TClientCardOutreachData } from './types';

const ANN: TOutreachClient = {
  id: 'email:ann@client.example',
  name: 'Ann Henderson',
  email: 'ann@client.example',
  birth_date: null,
  last_contact: '2025-10-01',
  life_events: ['Daughter starting college'],
};
const BO: TOutreachClient = {
  id: 'email:bo@client.example',
  name: 'Bo Chan',
  email: 'bo@client.example',
  birth_date: '1952-04-02',
  last_contact: '2026-02-01',
  life_events: [],
};

const annCard: TOutreachCard = {
  client: ANN,
  reasons: [{ kind: 'no_contact', text: 'No meeting in 160 days' }],
  priority: 'high',
  channel: 'email',
};
const boCard: TOutreachCard = {
  client: BO,
  reasons: [{ kind: 'rmd', text: 'Turns 73 this year: first RMD due' }],
  priority: 'medium',
  channel: 'email',
};

const CARDS: TClientCardOutreachData = { cards: [annCard, boCard], up_to_date: 3 };

const MESSAGES: TAiRecommendationsOutreachData = {
  cards: [annCard, { ...boCard, channel: 'call' }],
  enhanced_insights: {
    messages: [
      { id: ANN.id, subject: 'Catching up', body: 'Hi Ann, it has been a while.' },
      { id: BO.id, subject: 'Your first RMD', body: 'Talk about the RMD timing.' },
    ],
  },
};

function renderPage() {
  return renderRoutes([{ path: '/outreach', element: <OutreachPage /> }], '/outreach');
}

signedInForEachTest();

describe('OutreachPage', () => {
  it('edits the clients, finds who needs contact and drafts messages for the ones kept', async () => {
    const api = mockKnapApi({
      knap: makeKnap('outreachRecommendations', 1),
      data: { 'client-info': { clients: [ANN, BO] } },
      onProcess: (request) => nextData(request, request.component_id === 'client-info' ? CARDS : MESSAGES),
    });
    renderPage();

    const birthDate = await screen.findByLabelText('Birth date, client 1');
    await userEvent.type(birthDate, '1960-05-20');
    await userEvent.type(
      screen.getByRole('textbox', { name: 'New life event, client 1' }),
      'New grandchild{Enter}',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove Daughter starting college' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove client 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a client' }));
    const name = screen.getByRole('textbox', { name: 'Name, client 2' });
    expect(document.activeElement).toBe(name);
    await userEvent.type(name, 'Cy Diaz');
    await userEvent.click(screen.getByRole('button', { name: 'Find who needs contact' }));

    expect(await screen.findByText('3 clients are up to date.')).toBeTruthy();
    expect(api.processed[0]).toEqual({
      component_id: 'client-info',
      input_data: {
        clients: [
          { ...ANN, birth_date: '1960-05-20', life_events: ['New grandchild'] },
          {
            id: expect.stringMatching(/^manual:/),
            name: 'Cy Diaz',
            email: null,
            birth_date: null,
            last_contact: null,
            life_events: [],
          },
        ],
      },
      next_step: 'client-cards',
      next_component_id: 'client-card-outreach',
    });

    const ann = screen.getByRole('article', { name: 'Ann Henderson' });
    expect(within(ann).getByText('High priority')).toBeTruthy();
    expect(within(ann).getByText('No meeting in 160 days')).toBeTruthy();
    await userEvent.click(within(ann).getByRole('checkbox', { name: 'Include' }));
    const bo = screen.getByRole('article', { name: 'Bo Chan' });
    await userEvent.selectOptions(within(bo).getByRole('combobox', { name: 'Channel' }), 'call');
    await userEvent.click(screen.getByRole('button', { name: 'Draft messages' }));

    expect(await screen.findByRole('region', { name: 'Messages' })).toBeTruthy();
    expect(api.processed[1]).toEqual({
      component_id: 'client-card-outreach',
      input_data: { cards: [{ ...boCard, channel: 'call' }], up_to_date: 3 },
      next_step: 'recommendations',
      next_component_id: 'ai-recommendations-outreach',
    });
  });

  it("shows the server's reason when no messages could be drafted", async () => {
    mockKnapApi({
      knap: makeKnap('outreachRecommendations', 2),
      data: { 'client-info': { clients: [ANN, BO] }, 'client-card-outreach': CARDS },
      onProcess: () => jsonResponse({ detail: KNAP_DETAIL.modelNoAnswer }, 502),
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Who to contact' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Draft messages' }));

    expect((await screen.findByRole('alert')).textContent).toBe(KNAP_DETAIL.modelNoAnswer);
    expect(screen.getByRole('article', { name: 'Ann Henderson' })).toBeTruthy();
  });

  it('explains where clients come from when there are none, and refuses a client without a name', async () => {
    const api = mockKnapApi({
      knap: makeKnap('outreachRecommendations', 1),
      data: { 'client-info': { clients: [] } },
    });
    renderPage();

    expect(await screen.findByText('No clients yet')).toBeTruthy();
    expect(screen.getByText(/meetings your notetaker records/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Add a client' }));
    await userEvent.type(screen.getByLabelText('Email, client 1'), 'cy@client.example');
    await userEvent.click(screen.getByRole('button', { name: 'Find who needs contact' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Client 1 needs a name.');
    expect(api.processed).toEqual([]);
  });

  it('sends an email message only after approval, and copies a call script', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = mockKnapApi({
      knap: makeKnap('outreachRecommendations', 3),
      data: {
        'client-info': { clients: [ANN, BO] },
        'client-card-outreach': CARDS,
        'ai-recommendations-outreach': MESSAGES,
      },
    });
    renderPage();

    await userEvent.click(await screen.findByRole('button', { name: 'Messages' }));
    const ann = await screen.findByRole('article', { name: 'Ann Henderson' });
    await userEvent.click(within(ann).getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this email?' });
    expect(calledRoutes(api.fetchMock)).not.toContain('POST /api/studio/email/send');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send email' }));

    expect(await within(ann).findByText('Sent')).toBeTruthy();
    expect(api.emails).toEqual([
      {
        to: 'ann@client.example',
        subject: 'Catching up',
        body: 'Hi Ann, it has been a while.',
        connection_type: 'Gmail',
      },
    ]);

    const bo = screen.getByRole('article', { name: 'Bo Chan' });
    expect(within(bo).queryByRole('button', { name: 'Send' })).toBeNull();
    await userEvent.click(within(bo).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Your first RMD\n\nTalk about the RMD timing.');
    expect(await screen.findByText('Copied')).toBeTruthy();
    await userEvent.click(within(bo).getByRole('button', { name: 'Mark done' }));
    expect(within(bo).getByText('Done')).toBeTruthy();
  });
});
