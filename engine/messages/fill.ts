/**
 * Fills the `{name}` placeholders of a catalogue text: the one rule of engine/messages/catalogue.ts, apart, so
 * the browser's first page (runtime/plain/messages.ts) fills its few texts without loading the catalogue.
 */

export type MessageParams = Record<string, string | number>;

/** `text` with each `{name}` replaced by `params[name]`; a placeholder without a value is left as it is. */
export function fillMessage(text: string, params: MessageParams = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}
