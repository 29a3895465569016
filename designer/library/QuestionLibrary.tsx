/**
 * The question library (issue 21 part 10): save the selected questions under a name for the client, insert saved
 * ones into any form. Placeholder until the library part lands: the toolbar's menu of it.
 */
export function LibraryMenu() {
  return null;
}
