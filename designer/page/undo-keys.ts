/**
 * The form creator's undo keys (issue 21 part 5 "Ctrl+Z / Ctrl+Shift+Z"): Ctrl+Z (Cmd+Z) undoes the last edit of
 * the draft, Ctrl+Shift+Z and Ctrl+Y redo it. Inside a text field (an input, a textarea, an editable region) the
 * keys are left to the browser, which undoes the typing there (docs/decisions.md "The form creator's page"); in
 * a dialog (the preview, the publish dialog) they do nothing to the draft.
 */

/** What a key press asks of the draft's history, or undefined when it is not an undo key or not the draft's. */
export function undoKeyOf(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey' | 'target'>,
): 'undo' | 'redo' | undefined {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return undefined;
  const key = event.key.toLowerCase();
  const asked = key === 'z' ? (event.shiftKey ? 'redo' : 'undo') : key === 'y' && !event.shiftKey ? 'redo' : undefined;
  if (!asked) return undefined;
  const target = event.target as Element | null;
  if (target && typeof target.closest === 'function') {
    if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"]'))
      return undefined;
  }
  return asked;
}
