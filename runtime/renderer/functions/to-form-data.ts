/**
 * Converters from a loaded item (and the form source's data) to form data, by name (`load.toFormData`).
 */
import { answersToFormData } from '../../../engine/forms/entry-data';
import type { FormDefinition, FormEntry } from '../../api/types';
import type { FormData } from '../SchemaForm';

/** Converters from a loaded item (and the source's data) to form data, by name. */
export const toFormData: Record<string, (item: unknown, sourceData: unknown) => FormData> = {
  /** The item itself (a settings record whose fields are the form's fields). */
  item(item) {
    return { ...(item as FormData) };
  },
  /** A saved form entry's answers, against its form definition. */
  formEntryAnswers(item, sourceData) {
    return answersToFormData(sourceData as FormDefinition, (item as FormEntry).answers);
  },
};
