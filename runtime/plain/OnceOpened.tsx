/**
 * Mounts a dialog or a menu the first time it opens (issue 21 "Speed": open <= 1 s). A closed MUI Dialog or Menu
 * still renders its styled root and its Modal's hooks (a Menu: Menu, Popover and Modal) on every render of its parent:
 * the form creator holds six closed dialogs (publish, JSON, preview, import, export, the canvas's delete confirmation)
 * and the question library's menu when it opens, and every page inside the shell the top bar's drop-downs, the user
 * menu and the folded section menu. {@link OnceOpened} renders nothing until `open` is first true, then keeps the
 * children mounted, so a closing transition and the state kept between openings stay as they were.
 */
import { type ReactNode, useState } from 'react';

/** `children` from the first render with `open` true on; nothing before. */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }): ReactNode {
  const [opened, setOpened] = useState(open);
  // State derived in render (React's documented pattern): the render that opens it mounts the children.
  if (open && !opened) setOpened(true);
  return opened || open ? children : null;
}
