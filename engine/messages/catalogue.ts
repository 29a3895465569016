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

/**
 * Adds texts to the catalogue at run time: those of a field type and widget shipped outside the repository's
 * catalogue (tests/fixtures/question-type registers its sample type's texts this way; a type of the repository
 * keeps its texts in schemas/messages/en.json). Their ids are then message ids like any other.
 * @throws Error for an id the catalogue already has (a text is never replaced)
 */
export function addMessages(texts: Readonly<Record<string, string>>): void {
  for (const id of Object.keys(texts)) if (Object.hasOwn(catalogue, id)) throw new Error(`Message ${id} exists`);
  Object.assign(catalogue, texts);
}
