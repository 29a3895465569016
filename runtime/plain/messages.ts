/**
 * The texts of the plain components (runtime/plain, the login page, the public and root layouts, the API
 * client's generic error): the few catalogue texts of engine/types/generated/plain-messages.ts (generators/types.ts
 * PLAIN_MESSAGES, copied from schemas/messages/en.json by `npm run gen`), so the first page loads them and not the
 * whole catalogue (issue "Performance at scale" §5). Pages that load later use engine/messages/catalogue.ts.
 */
import { fillMessage, type MessageParams } from '../../engine/messages/fill';
import { plainMessages } from '../../engine/types/generated/plain-messages';

/** An id of the first page's texts. */
export type PlainMessageId = keyof typeof plainMessages;

/**
 * The text of a first-page message with its `{name}` placeholders filled. `id` may come from a screen document
 * (the login page's), so it is checked when called.
 * @throws Error for an id that is not one of the first page's texts (add it to PLAIN_MESSAGES, run `npm run gen`)
 */
export function plainMessage(id: PlainMessageId | (string & {}), params: MessageParams = {}): string {
  const text = (plainMessages as Record<string, string>)[id];
  if (text === undefined) throw new Error(`Not a text of the first page: ${id} (generators/types.ts PLAIN_MESSAGES)`);
  return fillMessage(text, params);
}
