// The push bus, in-process and (when TEST_REDIS_URL is set, as in CI's PostgreSQL run) on Redis
// between two bus instances — two servers, as far as the bus can tell.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/wait.js';
import { type EventBus, inProcessBus, redisBus, type UserMessage } from './events.js';

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
