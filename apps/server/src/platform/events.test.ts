// The push bus, in-process and (when TEST_REDIS_URL is set, as in CI's PostgreSQL run) on Redis
// between two bus instances — two servers, as far as the bus can tell.
import { randomUUID } from 'node:crypto';
import { startTcpProxy, type TcpProxy } from '@knap/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killPubSubThrough } from '../testing/tcp-proxy.js';
import { eventually } from '../testing/wait.js';
import { type EventBus, inProcessBus, redisBus, SUBSCRIBE_WAIT_MS, type UserMessage } from './events.js';

const quiet = { warn: () => {}, info: () => {} };
const redisUrl = process.env.TEST_REDIS_URL;

/** Where messages are published, and where they are listened to. */
const setups: Array<[string, () => { publisher: EventBus; listener: EventBus }]> = [
  [
    'in-process',
    () => {
      const bus = inProcessBus();
      return { publisher: bus, listener: bus };
    },
  ],
];
if (redisUrl)
  setups.push([
    'Redis, across two instances',
    () => ({ publisher: redisBus(redisUrl, quiet), listener: redisBus(redisUrl, quiet) }),
  ]);

describe.each(setups)('events bus: %s', (_name, make) => {
  const { publisher, listener } = make();
  afterAll(async () => {
    await publisher.close();
    if (listener !== publisher) await listener.close();
  });

  it('delivers a user’s pushes to that user’s subscribers only, until they unsubscribe', async () => {
    const ann = randomUUID();
    const bob = randomUUID();
    const got: Array<[string, UserMessage]> = [];
    const offAnn = await listener.subscribe(ann, (m) => got.push(['ann', m]));
    const offAnn2 = await listener.subscribe(ann, (m) => got.push(['ann-2', m]));
    const offBob = await listener.subscribe(bob, (m) => got.push(['bob', m]));

    publisher.publish(ann, { type: 'status_update' });
    await eventually(
      async () => got.length,
      (n) => n === 2,
    );
    expect(got.map(([who]) => who).sort()).toEqual(['ann', 'ann-2']);

    // Ann's sockets close; a push to her is then dropped, one to Bob (sent after it) arrives.
    offAnn();
    offAnn2();
    publisher.publish(ann, { type: 'after-close' });
    // Bob's push is sent again until it arrives: Redis pub/sub is at most once (a push published
    // while a connection reconnects is gone, which a loaded CI machine once showed). Whatever
    // arrives after Ann's sockets closed must be Bob's.
    await eventually(
      async () => {
        publisher.publish(bob, { type: 'for-bob' });
        return got.length;
      },
      (n) => n >= 3,
    );
    expect(got.slice(2).every(([who, m]) => who === 'bob' && m.type === 'for-bob')).toBe(true);
    offBob();
  });
});

// The Redis run only (the SQLite run has no Redis).
if (redisUrl)
  describe('events bus on Redis that goes away and comes back', () => {
    let proxy: TcpProxy;
    let listener: EventBus;
    let publisher: EventBus;
    beforeAll(async () => {
      proxy = await startTcpProxy(redisUrl!);
      // The listener reaches Redis through the proxy; the publisher (another instance) directly.
      listener = redisBus(proxy.url, quiet);
      publisher = redisBus(redisUrl!, quiet);
    });
    afterAll(async () => {
      await listener.close();
      await publisher.close();
      await proxy.close();
    });

    /** Publishes until `got` has a message (pub/sub is at most once), at most about 5 s. */
    const arrives = (userId: string, got: UserMessage[]) =>
      eventually(
        async () => {
          publisher.publish(userId, { type: 'ping' });
          return got.length;
        },
        (n) => n > 0,
      );

    it('keeps its subscriptions when Redis drops the subscriber connection', async () => {
      const user = randomUUID();
      const got: UserMessage[] = [];
      const off = await listener.subscribe(user, (m) => got.push(m));
      // Redis itself ends the listener's pub/sub connection.
      expect(await killPubSubThrough(proxy, redisUrl!)).toBe(1);
      await arrives(user, got);
      off();
    });

    it('a subscription asked for while Redis is away answers without waiting for it, and goes live when it is back', async () => {
      const before = randomUUID();
      const during = randomUUID();
      const offBefore = await listener.subscribe(before, () => {});
      await proxy.down();
      try {
        const got: UserMessage[] = [];
        const started = Date.now();
        const off = await listener.subscribe(during, (m) => got.push(m));
        expect(Date.now() - started).toBeLessThan(SUBSCRIBE_WAIT_MS + 500);
        // The first subscriber leaves during the outage, the second comes: both are counted right.
        off();
        const got2: UserMessage[] = [];
        const off2 = await listener.subscribe(during, (m) => got2.push(m));
        offBefore();
        await proxy.up();
        await arrives(during, got2);
        expect(got).toEqual([]);
        off2();
        // Once nobody listens the channel is dropped; a later subscriber is subscribed again.
        const got3: UserMessage[] = [];
        const off3 = await listener.subscribe(during, (m) => got3.push(m));
        await arrives(during, got3);
        off3();
      } finally {
        if (!(await listener.ping().then((p) => p === 'ok'))) await proxy.up().catch(() => {});
      }
    });
  });
