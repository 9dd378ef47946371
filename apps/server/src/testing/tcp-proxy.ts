// Redis through the loopback TCP proxy of packages/fakes: end only the pub/sub connections that
// come through it.
import type { TcpProxy } from '@knap/fakes';
import { Redis } from 'ioredis';

/**
 * Has Redis itself end the pub/sub connections that come through `proxy` (only those: other test
 * files share the Redis); answers how many it ended.
 */
export async function killPubSubThrough(proxy: TcpProxy, redisUrl: string): Promise<number> {
  const admin = new Redis(redisUrl);
  try {
    let killed = 0;
    for (const addr of proxy.upstreamAddresses())
      killed += Number(await admin.client('KILL', 'ADDR', addr, 'TYPE', 'pubsub'));
    return killed;
  } finally {
    await admin.quit();
  }
}
