import { describe, expect, it } from 'vitest';
import {
  countUnreadMessages,
  insertUserMessage,
  publishMessage,
} from '../src/repositories/message.repository.js';
import { UserEvents } from '../src/streaming/user-events.js';
import { createInvestor } from './fixtures.js';
import { startTestApp } from './harness.js';

const t = await startTestApp();

describe('user messages', () => {
  it('stores a notice once per dedupe key and publishes it to the user’s channel', async () => {
    const investor = await createInvestor(t, { cashPaise: 1_000n });
    const first = await insertUserMessage(t.db, {
      userId: investor.id,
      kind: 'WELCOME',
      dedupeKey: `welcome:${investor.id}`,
      atMs: t.clock.now(),
    });
    const again = await insertUserMessage(t.db, {
      userId: investor.id,
      kind: 'WELCOME',
      dedupeKey: `welcome:${investor.id}`,
      atMs: t.clock.now(),
    });
    expect(first?.kind).toBe('WELCOME');
    expect(again).toBeNull();
    expect(await countUnreadMessages(t.db, investor.id)).toBe(1);

    const events = new UserEvents();
    const received: unknown[] = [];
    events.onUserEvent(investor.id, (event) => received.push(event));
    publishMessage(events, first);
    publishMessage(events, again);
    expect(received).toEqual([expect.objectContaining({ type: 'message', kind: 'WELCOME' })]);
  });
});
