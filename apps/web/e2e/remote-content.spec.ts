// Nothing in a rendered reply loads from another origin without a click (issue 21): an image a
// prompt-injected reply names is a link, never fetched, and the CSP would refuse it anyway. The
// model here is a loopback fake that repeats the message (support/fake-model-server.ts), standing in
// for a real model that was told to write the image.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { signUpViaApi } from './support/accounts';
import { collectCspErrors } from './support/app';
import { AssistantScreen } from './support/assistant';
import { fakeModelTest as test } from './support/fake-model-server';

/** Another origin, counting what it is asked for. */
async function startCountingServer(): Promise<{ url: string; requests: string[]; close(): Promise<void> }> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

test('an image of another origin in a reply is a link, and nothing is requested from that origin', async ({
  page,
}) => {
  const leak = await startCountingServer();
  try {
    const cspErrors = collectCspErrors(page);
    const leakUrl = `${leak.url}/leak?d=secret`;
    const host = new URL(leak.url).host;
    await signUpViaApi(page);
    await page.goto('/chat');
    const chat = new AssistantScreen(page);

    await chat.send(`Summarise the Henderson account. ![x](${leakUrl})`);

    const reply = chat.replies.last();
    const link = reply.getByRole('link', { name: `x (${host})` });
    await expect(link).toBeVisible();
    await chat.expectIdle();
    await expect(link).toHaveAttribute('href', leakUrl);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    await expect(page.locator(`img[src^="${leak.url}"]`)).toHaveCount(0);

    // Stored and shown again after a reload: still a link.
    await page.reload();
    await expect(chat.replies.last().getByRole('link', { name: `x (${host})` })).toBeVisible();
    await expect(page.locator(`img[src^="${leak.url}"]`)).toHaveCount(0);
    // Nothing even tried: the policy had nothing to refuse.
    expect(cspErrors).toEqual([]);

    // Had an image been made anyway, the policy refuses it before any request is sent.
    const loaded = await page.evaluate(
      (src) =>
        new Promise<boolean>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(true);
          image.onerror = () => resolve(false);
          image.src = src;
        }),
      leakUrl,
    );
    expect(loaded).toBe(false);
    await expect.poll(() => cspErrors.some((e) => e.includes(leak.url) && e.includes('img-src'))).toBe(true);
    expect(leak.requests).toEqual([]);
  } finally {
    await leak.close();
  }
});
