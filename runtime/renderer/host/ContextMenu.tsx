/**
 * The shell's context menu (shell-access-navigation.md §2.4, §9): a right-click (or a long press that the
 * browser reports as 'contextmenu') opens a menu at the pointer after 50 ms, listing what can be done to
 * the thing under it. A register's rows offer their row actions here (Register.tsx), the same buttons,
 * conditions and confirmations as the row's own buttons.
 */
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';

/** The delay before the context menu opens (§9): 50 ms. */
export const CONTEXT_MENU_DELAY_MS = 50;

/** One entry of a context menu. */
export interface ContextMenuEntry {
  id: string;
  label: string;
  disabled?: boolean;
  onSelect: () => void;
}

interface OpenMenu {
  top: number;
  left: number;
  entries: ContextMenuEntry[];
}

/**
 * A context menu: `open(event, entries)` from an onContextMenu handler (the browser's own menu is
 * suppressed when there are entries); render `element` once.
 */
export function useContextMenu(): {
  open: (event: MouseEvent, entries: ContextMenuEntry[]) => void;
  element: ReactNode;
} {
  const [menu, setMenu] = useState<OpenMenu | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const open = useCallback((event: MouseEvent, entries: ContextMenuEntry[]) => {
    if (entries.length === 0) return;
    event.preventDefault();
    const position = { top: event.clientY, left: event.clientX };
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMenu({ ...position, entries }), CONTEXT_MENU_DELAY_MS);
  }, []);
  const close = () => setMenu(null);
  const element = (
    <Menu
      open={menu !== null}
      onClose={close}
      anchorReference="anchorPosition"
      anchorPosition={menu ? { top: menu.top, left: menu.left } : undefined}
    >
      {(menu?.entries ?? []).map((entry) => (
        <MenuItem
          key={entry.id}
          disabled={entry.disabled}
          onClick={() => {
            close();
            entry.onSelect();
          }}
        >
          {entry.label}
        </MenuItem>
      ))}
    </Menu>
  );
  return { open, element };
}
