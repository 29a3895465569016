/**
 * Mounts a dialog the first time it opens (issue 21 "Speed": open <= 1 s). A closed MUI Dialog still renders its
 * styled root and its Modal's hooks on every render of its parent; the creator holds six (publish, JSON, preview,
 * import, export, the canvas's delete confirmation), all closed when it opens. {@link OnceOpened} renders nothing
 * until `open` is first true, then keeps the children mounted, so a dialog's closing transition and the state it
 * keeps between openings stay as they were.
 */
import { type ReactNode, useState } from 'react';

/** `children` from the first render with `open` true on; nothing before. */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }): ReactNode {
  const [opened, setOpened] = useState(open);
  // State derived in render (React's documented pattern): the render that opens it mounts the children.
  if (open && !opened) setOpened(true);
  return opened || open ? children : null;
}
