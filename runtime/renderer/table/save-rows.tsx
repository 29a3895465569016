/**
 * How edits leave a register (administration-data.md §3 "Data table", register keyword `saveRows`):
 * a Save button in the toolbar, enabled while some row is changed and no changed row has a problem
 * (engine/table/cells.ts rowProblems). A click sends each changed row to the call, one after the other:
 * path parameters and `call.body` read the edited row (then the page's inputs and the route), and the
 * body also holds the row's `fields` as edited. A refusal stops there and shows the server's message;
 * the rows saved before it stay saved. After the last answer the register reloads (`onSaved`).
 */
import SaveIcon from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import { useCallback, useState } from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import { rowProblems } from '../../../engine/table';
import { callOperation, errorText } from '../../api/client';
import type { RegisterDocument } from '../documents';
import { useScreenHost } from '../host/ScreenHost';
import { resolveCall } from '../templates';
import type { TableColumn } from './cell-text';
import { type Row, type RowStore, useRowStore } from './row-store';

type SaveRowsSpec = NonNullable<RegisterDocument['saveRows']>;

/** The body of one row's call: `call.body` resolved over the row, then the row's `fields` as edited. */
export function saveRequest(spec: SaveRowsSpec, row: Row, scope: Array<Record<string, unknown> | undefined>) {
  const { params, body, query } = resolveCall(spec.call, [row, ...scope]);
  const fields: Record<string, unknown> = {};
  for (const field of spec.fields) if (row[field] !== undefined) fields[field] = row[field];
  return { params, query, body: { ...body, ...fields } };
}

export interface SaveRowsButtonProps {
  spec: SaveRowsSpec;
  store: RowStore;
  columns: TableColumn[];
  /** The page's inputs and the route parameters, after the row. */
  scope: Array<Record<string, unknown> | undefined>;
  onSaved: () => void;
  onError: (text: string) => void;
}

/** The Save button of an editable register; see the module comment. */
export function SaveRowsButton({ spec, store, columns, scope, onSaved, onError }: SaveRowsButtonProps) {
  const host = useScreenHost();
  const [saving, setSaving] = useState(false);
  const state = useRowStore(
    store,
    useCallback(
      (s: RowStore) =>
        s.derived('saveState', (rows) => {
          if (s.changed.size === 0) return 'clean';
          const today = new Date();
          for (const index of s.changed) if (rowProblems(columns, rows[index], today).length > 0) return 'invalid';
          return 'dirty';
        }),
      [columns],
    ),
  );
  const save = async () => {
    setSaving(true);
    try {
      for (const index of [...store.changed].sort((a, b) => a - b)) {
        const { params, query, body } = saveRequest(spec, store.rows[index], scope);
        await callOperation(spec.call.operation, { params, query, body });
        store.changed.delete(index);
      }
      if (spec.successMessageId) host?.toast(message(spec.successMessageId as MessageId));
      onSaved();
    } catch (e) {
      onError(errorText(e) || message('common.serverError'));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Button
      variant="contained"
      size="small"
      startIcon={<SaveIcon />}
      disabled={saving || state !== 'dirty'}
      onClick={() => void save()}
    >
      {message((spec.label ?? 'common.save') as MessageId)}
    </Button>
  );
}
