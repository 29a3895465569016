/**
 * The preview (issue 21 part 6): the draft in the real form renderer at phone, tablet and desktop widths, nothing
 * saved. Placeholder until the preview part lands.
 */
export function PreviewDialog({ open }: { open: boolean; onClose: () => void }) {
  return open ? <div data-testid="designer-preview" /> : null;
}
