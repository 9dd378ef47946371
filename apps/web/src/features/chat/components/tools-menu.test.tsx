import { type TKnapTool, TOOL_PATHS } from '@knap/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenManager } from '../../../lib/token-manager';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderRoutes } from '../../../test/render';
import { ToolsMenu } from './tools-menu';

const tool = (name: string, overrides: Partial<TKnapTool> = {}): TKnapTool => ({
  name,
  description: `${name} does things`,
  needs_approval: false,
  credit_cost: 0,
  source: 'builtin',
  source_name: null,
  enabled: true,
  ...overrides,
});

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  tokenManager.setAccessToken('token');
});
afterEach(() => tokenManager.clear());

describe('the Tools menu', () => {
  it("lists the chat's tools and turns one off with the whole list", async () => {
    let tools = [
      tool('send_email', { needs_approval: true, credit_cost: 1 }),
      tool('gmail_search', { source: 'connection', source_name: 'google_gmail_modify' }),
      tool('current_datetime', { enabled: false }),
    ];
    const bodies: unknown[] = [];
    mockFetch({
      [`GET ${TOOL_PATHS.list}`]: (request) => {
        expect(new URL(request.url).searchParams.get('chat_id')).toBe('c1');
        return jsonResponse(tools);
      },
      [`PUT ${TOOL_PATHS.chat('c1')}`]: async (request) => {
        const body = (await request.json()) as { disabled_tools: string[] };
        bodies.push(body);
        tools = tools.map((t) => ({ ...t, enabled: !body.disabled_tools.includes(t.name) }));
        return jsonResponse(tools);
      },
    });
    renderRoutes([{ path: '/chat', element: <ToolsMenu chatId="c1" /> }], '/chat');

    await userEvent.click(screen.getByRole('button', { name: 'Tools' }));
    const send = await screen.findByRole('checkbox', { name: /Send email/i }, { timeout: 5000 });
    expect(screen.getByText(/Asks first · 1 credit/)).toBeTruthy();
    expect(screen.getByText('google_gmail_modify')).toBeTruthy();
    expect(
      (screen.getByRole('checkbox', { name: /Current date and time/ }) as HTMLInputElement).checked,
    ).toBe(false);

    await userEvent.click(send);
    await waitFor(() => expect((send as HTMLInputElement).checked).toBe(false));
    expect(bodies).toEqual([{ disabled_tools: ['current_datetime', 'send_email'] }]);
  });

  it('opens from the keyboard on the first press, once its popover has loaded', async () => {
    mockFetch({ [`GET ${TOOL_PATHS.list}`]: () => jsonResponse([tool('send_email')]) });
    renderRoutes([{ path: '/chat', element: <ToolsMenu chatId="c1" /> }], '/chat');
    screen.getByRole('button', { name: 'Tools' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('checkbox', { name: /Send email/i }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tools' }).getAttribute('aria-expanded')).toBe('true');
  });
});
