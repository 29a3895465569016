/**
 * Texts of form screens: screen documents hold message ids in ui:title, ui:description,
 * ui:placeholder and ui:help; these become catalogue texts before RJSF sees the uiSchema.
 * Compiled form definitions carry literal texts (the administrator's labels) and are left alone.
 */
import { isMessageId, message } from '../../engine/messages/catalogue';

/** uiSchema keys whose values are message ids in screen documents. */
export const MESSAGE_KEYS = ['ui:title', 'ui:description', 'ui:placeholder', 'ui:help'] as const;

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
      if (!isMessageId(value)) throw new Error(`Unknown message id in uiSchema: ${value}`);
      out[key] = message(value);
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
      : uiSchemaMessageIds(value),
  );
}

/** The label to show: the text, then ' *' when the field is required (form-configuration.md §5). */
export function requiredLabel(label: string, required: boolean | undefined): string {
  return required ? `${label} *` : label;
}
