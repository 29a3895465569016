/**
 * beforeValidate of the question library item (issue 22 §4 "Linked blocks"; docs/api.md "Question library"): an
 * item is version 1 when saved, and each change (questionLibrary.update) makes it one more, so that the forms
 * whose copies carry an older version in their libraryLink are offered the update. An item saved before versions
 * counts as version 1.
 */
import type { BeforeValidateHook } from '../resources/hooks';

export const libraryItemVersion: BeforeValidateHook = (data, { current }) => ({
  ...data,
  version: current ? (typeof current.version === 'number' ? current.version : 1) + 1 : 1,
});
