import { ERR, ZMcpUrl } from '@knap/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/fetch-mock';
import { ApiError, apiRequest, onUnauthorized, ResponseShapeError, unchecked } from './api-client';
import { tokenManager } from './token-manager';

describe('apiRequest', () => {
  const onUnauthorizedSpy = vi.fn();
  let unsubscribe: () => void;

  beforeEach(() => {
    tokenManager.setAccessToken('token-123');
    onUnauthorizedSpy.mockReset();
    unsubscribe = onUnauthorized(onUnauthorizedSpy);
  });

  afterEach(() => {
    unsubscribe();
    tokenManager.clear();
  });

  it('sends the bearer token, cookies and JSON, and returns the parsed body', async () => {
    const fetchMock = mockFetch({
      'PUT /api/things': async (req) => jsonResponse({ echoed: await req.json() }),
    });

    await expect(
      apiRequest('/api/things', unchecked<{ echoed: unknown }>(), { method: 'PUT', body: { a: 1 } }),
    ).resolves.toEqual({
      echoed: { a: 1 },
    });

    const [, init] = fetchMock.mock.calls[0]!;
    const headers = init?.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.credentials).toBe('include');
  });

  it("turns a 401 into 'Unauthorized' and drops the stored user", async () => {
    mockFetch({ 'GET /api/things': () => jsonResponse({ detail: 'Token expired' }, 401) });

    await expect(apiRequest('/api/things', ZMcpUrl)).rejects.toMatchObject({ message: ERR.unauthorized });
    expect(onUnauthorizedSpy).toHaveBeenCalledTimes(1);
  });

  it("shows the server's detail for other failures", async () => {
    mockFetch({
      'POST /api/things': () => jsonResponse({ detail: 'Invalid body.name: Name is required' }, 422),
    });

    const error = await apiRequest('/api/things', ZMcpUrl, { method: 'POST', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Invalid body.name: Name is required');
    expect((error as ApiError).status).toBe(422);
  });

  it("falls back to 'An error occurred' when the body has no detail", async () => {
    mockFetch({ 'GET /api/things': () => new Response('<html>Bad gateway</html>', { status: 502 }) });

    await expect(apiRequest('/api/things', ZMcpUrl)).rejects.toMatchObject({ message: ERR.generic });
  });

  it('uses a call-specific message when one is given', async () => {
    mockFetch({
      'GET /api/studio/users/me': () =>
        new Response('boom', { status: 500, statusText: 'Internal Server Error' }),
    });

    await expect(
      apiRequest('/api/studio/users/me', ZMcpUrl, {
        errorMessage: (f) => ERR.getUser(f.status, f.statusText, f.body),
      }),
    ).rejects.toMatchObject({ message: 'Failed to get user: 500 Internal Server Error - boom' });
  });

  it('keeps the detail of a 401 on an unauthenticated sign-in call (wrong password is not a lost session)', async () => {
    const fetchMock = mockFetch({
      'POST /api/authentication/login': () => jsonResponse({ detail: 'Invalid email or password' }, 401),
    });

    await expect(
      apiRequest('/api/authentication/login', ZMcpUrl, { method: 'POST', body: {}, auth: false }),
    ).rejects.toMatchObject({ message: 'Invalid email or password' });
    expect(onUnauthorizedSpy).not.toHaveBeenCalled();
    const headers = fetchMock.mock.calls[0]![1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('parses the answer with its contract schema, dropping what the contract does not name', async () => {
    mockFetch({
      'GET /api/things': () =>
        jsonResponse({ id: 'u1', mcp_description: 'Tools', mcp_url: 'https://tools.example', extra: 1 }),
    });

    await expect(apiRequest('/api/things', ZMcpUrl)).resolves.toEqual({
      id: 'u1',
      mcp_description: 'Tools',
      mcp_url: 'https://tools.example',
    });
  });

  it('refuses an answer of another shape with the generic text, and logs what was wrong', async () => {
    const errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ 'GET /api/things': () => jsonResponse({ id: 'u1' }) });

    const error = await apiRequest('/api/things', ZMcpUrl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).message).toBe(ERR.generic);
    expect(errorLog).toHaveBeenCalledWith('Unexpected answer from /api/things', expect.anything());
  });

  it('loads a lazy schema while the request is under way, then parses with it', async () => {
    const events: string[] = [];
    mockFetch({
      'GET /api/things': () => {
        events.push('request');
        return jsonResponse({ id: 'u1', mcp_description: 'Tools', mcp_url: 'https://tools.example' });
      },
    });
    const load = async () => {
      events.push('schema');
      return ZMcpUrl;
    };

    await expect(apiRequest('/api/things', load)).resolves.toMatchObject({ id: 'u1' });
    expect(events).toEqual(['schema', 'request']);
  });
});
