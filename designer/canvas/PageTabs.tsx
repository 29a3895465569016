/**
 * The page tabs (issue 21 part 2): the draft's pages; add, rename, reorder, delete. Placeholder until the canvas
 * part lands.
 */
export function PageTabs() {
  return <div data-testid="designer-pages" />;
}
