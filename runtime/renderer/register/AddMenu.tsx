/**
 * The `addMenu` keyword of register documents (schemas/meta/register.schema.json; issue 24 §5 "Add per active
 * form"): an Add button whose menu offers one choice per item of a list in the rows' answer (the category
 * register's forms), each opening `navigate` for that item. A choice is offered only when `itemVisibleWhen` holds
 * over the item and the user may open its route (the route's access question, as every button asks: issue 19);
 * with no choice left the button is not shown (a view user sees no Add).
 */
import AddIcon from '@mui/icons-material/Add';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { type ConditionContext, holds } from '../conditions';
import type { ButtonSpec, RegisterDocument } from '../documents';
import type { Scope } from '../templates';

export type AddMenuSpec = NonNullable<RegisterDocument['addMenu']>;

export interface AddMenuProps {
  spec: AddMenuSpec;
  /** The rows' answer without its rows (where `itemsFrom` is). */
  answer: Record<string, unknown>;
  /** The register's condition context (the item becomes its row). */
  context: ConditionContext;
  /** Screen and route values, after the item, for the template and the access question. */
  scope: Scope;
  busy: boolean;
  mayRun: (action: ButtonSpec['action'], scope: Scope) => boolean;
  /** Runs the choice's navigate action with the item as its row. */
  onRun: (button: ButtonSpec, item: Record<string, unknown>) => void;
}

/** The choices `spec` offers for `answer`: its items that pass the condition and the access question. */
export function addMenuChoices(
  spec: AddMenuSpec,
  answer: Record<string, unknown>,
  context: ConditionContext,
  scope: Scope,
  mayRun: AddMenuProps['mayRun'],
): Array<Record<string, unknown>> {
  const items = answer[spec.itemsFrom];
  if (!Array.isArray(items)) return [];
  return items.filter(
    (item): item is Record<string, unknown> =>
      item !== null &&
      typeof item === 'object' &&
      holds(spec.itemVisibleWhen, { ...context, row: item }) &&
      mayRun({ navigate: spec.navigate }, [item, ...scope]),
  );
}

/** The Add button and its menu; see the module comment. */
export function AddMenu({ spec, answer, context, scope, busy, mayRun, onRun }: AddMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const choices = addMenuChoices(spec, answer, context, scope, mayRun);
  if (choices.length === 0) return null;
  const button: ButtonSpec = { id: spec.id, label: spec.label, action: { navigate: spec.navigate } };
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        endIcon={<ArrowDropDownIcon />}
        disabled={busy}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      >
        {message(spec.label as MessageId)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {choices.map((item, i) => (
          <MenuItem
            key={String(item.id ?? i)}
            onClick={() => {
              setAnchor(null);
              onRun(button, item);
            }}
          >
            {String(item[spec.itemLabel] ?? '')}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
