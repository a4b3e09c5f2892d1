import { type Language, renderMessage } from '@nivesh/contract';
import type { Db } from '../../db/database.js';
import { listMessages } from '../../repositories/message.repository.js';
import { readKeysetPage } from '../../repositories/paging.js';

const DEFAULT_PAGE = 20;

/** One page of a user's notices, newest first, each rendered in `language`; paged by id. */
export async function readMessagePage(
  db: Db,
  userId: bigint,
  input: { limit?: number | undefined; cursor?: string | undefined },
  language: Language,
) {
  const { page, nextCursor } = await readKeysetPage(input, DEFAULT_PAGE, ({ cursorId, limit }) =>
    listMessages(db, userId, { limit, beforeId: cursorId }),
  );
  return {
    items: page.map((message) => ({
      id: message.id.toString(),
      kind: message.kind,
      ...renderMessage(message.kind, language, message.params),
      time: message.createdAtMs,
      read: message.readAtMs !== null,
    })),
    nextCursor,
  };
}
