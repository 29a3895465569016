/**
 * The option list editor (`x-editor` options: a Dropdown's, Checkboxes' or Multi-select's choices) and the
 * column list editor (`x-editor` columns: a table's headings), issue 21 part 3 "options (add, reorder, paste a
 * list, 'Other')". Each item is `{ id, value }` (schemas/entities/question.schema.json `$defs/option`): an item
 * keeps its id while its text changes, so answers and conditions that read it stay put. Items are added, removed,
 * moved by buttons or by Alt+ArrowUp / Alt+ArrowDown in their field; pasting several lines into a field, or
 * "Paste a list" (one per line), makes one item per line. 'Other' is the Dropdown's allowOther switch, a
 * keyword of its own.
 */
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import type { PropertySchema } from '../../engine/forms/field-types/types';
import { message } from '../../engine/messages/catalogue';

/** An option or a column: a stable id and its text. */
export interface ListItem {
  id: number;
  value: string;
}

/** The lines of a pasted list: trimmed, empty lines dropped. */
export function pastedLines(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/**
 * The list after replacing it by `values` (a pasted list): an item whose text is kept keeps its id, new texts get
 * ids above every id used.
 */
export function listFromValues(items: readonly ListItem[], values: readonly string[]): ListItem[] {
  let next = Math.max(0, ...items.map((item) => item.id));
  const unused = [...items];
  return values.map((value) => {
    const at = unused.findIndex((item) => item.value === value);
    if (at >= 0) return unused.splice(at, 1)[0];
    next += 1;
    return { id: next, value };
  });
}

/** The list with `values` inserted at `index`, each a new id. */
export function insertValues(items: readonly ListItem[], index: number, values: readonly string[]): ListItem[] {
  let next = Math.max(0, ...items.map((item) => item.id));
  const added = values.map((value) => {
    next += 1;
    return { id: next, value };
  });
  const out = items.slice();
  out.splice(index, 0, ...added);
  return out;
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items.slice();
  const out = items.slice();
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/** Props of {@link OptionsEditor}. */
export interface OptionsEditorProps {
  /** `options` or `columns` (its texts: 'Option N' or 'Column N'). */
  kind: 'options' | 'columns';
  schema: PropertySchema;
  items: readonly ListItem[];
  /** Called with the new list (an undefined list is never sent: an empty list is []). */
  onCommit(items: ListItem[]): void;
  /** A problem of the question's definition for the list (a Dropdown without options). */
  problem?: string;
}

function itemLabel(kind: OptionsEditorProps['kind'], number: number) {
  return message(kind === 'options' ? 'designer.option' : 'designer.column', { number });
}

/** One item's text: committed while not empty, the refusal shown otherwise. */
function ItemField({
  kind,
  index,
  item,
  schema,
  onText,
  onPaste,
  onMove,
  inputRef,
}: {
  kind: OptionsEditorProps['kind'];
  index: number;
  item: ListItem;
  schema: PropertySchema;
  onText(value: string): void;
  onPaste(lines: string[]): void;
  onMove(direction: -1 | 1): void;
  inputRef(element: HTMLInputElement | null): void;
}) {
  const [pending, setPending] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the draft's value changing (an undo) drops what was typed
  useEffect(() => setPending(null), [item.value]);
  const label = itemLabel(kind, index + 1);
  const maxLength = ((schema.items as { maxLength?: number } | undefined)?.maxLength ?? 200) as number;
  const problem =
    pending === null
      ? undefined
      : pending.trim() === ''
        ? message('validation.required', { field: label })
        : message('validation.tooLong', { field: label, limit: maxLength });
  return (
    <TextField
      label={label}
      value={pending ?? item.value}
      size="small"
      fullWidth
      error={Boolean(problem)}
      helperText={problem}
      inputRef={inputRef}
      onChange={(event) => {
        const value = event.target.value;
        if (value.trim() === '' || value.length > maxLength) {
          setPending(value);
          return;
        }
        setPending(null);
        onText(value);
      }}
      onPaste={(event) => {
        const lines = pastedLines(event.clipboardData.getData('text/plain'));
        if (lines.length < 2) return;
        event.preventDefault();
        onPaste(lines);
      }}
      onKeyDown={(event) => {
        if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
        event.preventDefault();
        onMove(event.key === 'ArrowUp' ? -1 : 1);
      }}
    />
  );
}

/** See the module comment. */
export function OptionsEditor({ kind, schema, items, onCommit, problem }: OptionsEditorProps) {
  const headingId = useId();
  const [pasting, setPasting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const focusAfter = useRef<number | null>(null);
  const maxItems = (schema.maxItems as number | undefined) ?? 500;
  const minItems = (schema.minItems as number | undefined) ?? 0;

  useEffect(() => {
    if (focusAfter.current === null) return;
    inputs.current.get(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  const move = (index: number, direction: -1 | 1) => {
    const to = index + direction;
    if (to < 0 || to >= items.length) return;
    focusAfter.current = items[index].id;
    onCommit(moveItem(items, index, to));
    setAnnouncement(
      message('designerProperties.moved', { item: items[index].value, position: to + 1, count: items.length }),
    );
  };
  const add = () => {
    const next = insertValues(items, items.length, [itemLabel(kind, items.length + 1)]);
    focusAfter.current = next[next.length - 1].id;
    onCommit(next);
  };
  const title = message(schema['x-title']);
  return (
    <section aria-labelledby={headingId} className="property-list">
      <Typography id={headingId} variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {items.map((item, index) => (
          <Stack component="li" key={item.id} direction="row" spacing={0.5} alignItems="flex-start">
            <ItemField
              kind={kind}
              index={index}
              item={item}
              schema={schema}
              inputRef={(element) => {
                if (element) inputs.current.set(item.id, element);
                else inputs.current.delete(item.id);
              }}
              onText={(value) => onCommit(items.map((it) => (it.id === item.id ? { ...it, value } : it)))}
              onPaste={(lines) => {
                // The field's own text becomes the first line; the others follow it.
                const [first, ...rest] = lines;
                const replaced = items.map((it) => (it.id === item.id ? { ...it, value: first } : it));
                onCommit(insertValues(replaced, index + 1, rest).slice(0, maxItems));
              }}
              onMove={(direction) => move(index, direction)}
            />
            <IconButton
              size="small"
              aria-label={message('designerProperties.moveUp', { item: item.value })}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              <ArrowUpward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={message('designerProperties.moveDown', { item: item.value })}
              disabled={index === items.length - 1}
              onClick={() => move(index, 1)}
            >
              <ArrowDownward fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={message('designerProperties.remove', { item: item.value })}
              disabled={items.length <= minItems}
              onClick={() => onCommit(items.filter((it) => it.id !== item.id))}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Stack>
        ))}
      </Stack>
      {problem && (
        <Typography role="alert" color="error" variant="body2">
          {problem}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button size="small" onClick={add} disabled={items.length >= maxItems}>
          {message(kind === 'options' ? 'designerProperties.addOption' : 'designerProperties.addColumn')}
        </Button>
        <Button size="small" onClick={() => setPasting(items.map((item) => item.value).join('\n'))}>
          {message('designerProperties.pasteList')}
        </Button>
      </Stack>
      {pasting !== null && (
        <Stack spacing={1} sx={{ mt: 1 }}>
          <TextField
            label={message('designerProperties.pasteListLabel', { list: title })}
            helperText={message('designerProperties.pasteListHelp')}
            multiline
            minRows={4}
            value={pasting}
            autoFocus
            onChange={(event) => setPasting(event.target.value)}
          />
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              variant="contained"
              disabled={pastedLines(pasting).length < Math.max(minItems, 1)}
              onClick={() => {
                onCommit(listFromValues(items, pastedLines(pasting).slice(0, maxItems)));
                setPasting(null);
              }}
            >
              {message('designerProperties.pasteListApply')}
            </Button>
            <Button size="small" onClick={() => setPasting(null)}>
              {message('designerProperties.cancel')}
            </Button>
          </Stack>
        </Stack>
      )}
      <div aria-live="polite" className="visually-hidden" style={{ position: 'absolute', left: -10000 }}>
        {announcement}
      </div>
    </section>
  );
}
