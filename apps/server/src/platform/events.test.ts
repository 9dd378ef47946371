// The push bus, in-process and (when TEST_REDIS_URL is set, as in CI's PostgreSQL run) on Redis
// between two bus instances — two servers, as far as the bus can tell.
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/wait.js';
import { type EventBus, inProcessBus, redisBus, type UserMessage } from './events.js';

const quiet = { warn: () => {} };
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
    publisher.publish(bob, { type: 'for-bob' });
    await eventually(
      async () => got.length,
      (n) => n >= 3,
    );
    expect(got.slice(2)).toEqual([['bob', { type: 'for-bob' }]]);
    offBob();
  });
});
