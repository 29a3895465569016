/**
 * The message catalogue: every user-visible text, by id (schemas/messages/en.json).
 * Spec texts are kept there character for character; this module only looks them up.
 */
import en from '../../schemas/messages/en.json';
import { fillMessage, type MessageParams } from './fill';

export type MessageId = keyof typeof en;
export type { MessageParams };

const catalogue: Record<string, string> = en;

/** True when `id` names a text of the catalogue. */
export function isMessageId(id: string): id is MessageId {
  return Object.hasOwn(catalogue, id);
}

/**
 * The text of a message with its `{name}` placeholders filled.
 * @param id message id, e.g. 'common.noRecords'
 * @param params values for placeholders; a placeholder without a value is left as it is
 * @throws Error for an id that is not in the catalogue (a programming error, caught by tests)
 */
export function message(id: MessageId, params: MessageParams = {}): string {
  const text = catalogue[id];
  if (text === undefined) throw new Error(`Unknown message id: ${id}`);
  return fillMessage(text, params);
}
