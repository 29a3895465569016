/**
 * Texts of form screens: screen documents hold message ids in ui:title, ui:description,
 * ui:placeholder and ui:help, and a list of message ids in ui:enumNames (the labels of an enum's
 * options); these become catalogue texts before RJSF sees the uiSchema.
 * Compiled form definitions carry literal texts (the administrator's labels) and are left alone.
 */
import { isMessageId, message } from '../../engine/messages/catalogue';

/** uiSchema keys whose values are message ids in screen documents. */
export const MESSAGE_KEYS = ['ui:title', 'ui:description', 'ui:placeholder', 'ui:help'] as const;

/** uiSchema keys whose values are lists of message ids. */
export const MESSAGE_LIST_KEYS = ['ui:enumNames'] as const;

function text(id: unknown): string {
  if (typeof id !== 'string' || !isMessageId(id)) throw new Error(`Unknown message id in uiSchema: ${String(id)}`);
  return message(id);
}

/**
 * Replaces the message ids of a screen document's uiSchema with their texts (deeply, for nested
 * objects and array items).
 * @throws Error for an id that is not in the catalogue
 */
export function localizeUiSchema<T>(uiSchema: T): T {
  if (Array.isArray(uiSchema)) return uiSchema.map((item) => localizeUiSchema(item)) as T;
  if (uiSchema === null || typeof uiSchema !== 'object') return uiSchema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(uiSchema as Record<string, unknown>)) {
    if ((MESSAGE_KEYS as readonly string[]).includes(key) && typeof value === 'string') {
      out[key] = text(value);
    } else if ((MESSAGE_LIST_KEYS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map(text);
    } else {
      out[key] = localizeUiSchema(value);
    }
  }
  return out as T;
}

/** Every message id a uiSchema names (for the registry check). */
export function uiSchemaMessageIds(uiSchema: unknown): string[] {
  if (Array.isArray(uiSchema)) return uiSchema.flatMap((item) => uiSchemaMessageIds(item));
  if (uiSchema === null || typeof uiSchema !== 'object') return [];
  return Object.entries(uiSchema as Record<string, unknown>).flatMap(([key, value]) =>
    (MESSAGE_KEYS as readonly string[]).includes(key) && typeof value === 'string'
      ? [value]
      : (MESSAGE_LIST_KEYS as readonly string[]).includes(key) && Array.isArray(value)
        ? value.map(String)
        : uiSchemaMessageIds(value),
  );
}

/** The label to show (./required-label, apart so the login page needs no catalogue). */
export { requiredLabel } from './required-label';
