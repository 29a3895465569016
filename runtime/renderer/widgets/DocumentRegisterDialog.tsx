/**
 * The Document Register dialog of the pickers (form-configuration.md §2 "Document picker and drawing register
 * picker"; administration-data.md §2 "Document Register dialog", §5 "Drawing register picker"; issue 23 item 5):
 * the project's drawing register (contract.md §D, the current revision of each drawing) in a table with the spec's
 * columns (the lookup columns only when the project's lookup is enabled; description and notes cut to 100
 * characters); Select ticks a drawing's primary file, the secondary files icon opens its secondary files, each with
 * a tick; Add All Selected / Add Primary Files / Add Secondary Files add the ticked files of their kind
 * (engine/rules/drawing-register-picker.ts says when each is enabled); Close adds nothing.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { type MessageId, message } from '../../../engine/messages/catalogue';
import {
  type DrawingRegisterRow,
  lookupText,
  pickListText,
  REGISTER_LOOKUP_COLUMNS,
  type RegisterPick,
  registerAddButtons,
  registerPicks,
} from '../../../engine/rules/drawing-register-picker';
import { errorText } from '../../api/client';
import { formatCell } from '../table/cell-text';
import { drawingRegisterRows, enabledLookups } from './picker-calls';

export interface DocumentRegisterDialogProps {
  projectId: string;
  open: boolean;
  /** One file at most (a question that takes one). */
  single: boolean;
  onAdd: (picks: RegisterPick[]) => void;
  onClose: () => void;
}

/** The header of each lookup column (its row field). */
const LOOKUP_HEADERS: Record<(typeof REGISTER_LOOKUP_COLUMNS)[number]['field'], MessageId> = {
  elements: 'pickers.column.elements',
  levels: 'pickers.column.level',
  elevations: 'pickers.column.elevations',
  cores: 'pickers.column.cores',
  packages: 'pickers.column.packages',
  drawingRegisterStatus: 'pickers.column.drawingStatus',
};

const EMPTY_SET = new Set<never>();

export default function DocumentRegisterDialog({
  projectId,
  open,
  single,
  onAdd,
  onClose,
}: DocumentRegisterDialogProps) {
  const [rows, setRows] = useState<DrawingRegisterRow[] | null>(null);
  const [lookups, setLookups] = useState<Set<string>>(EMPTY_SET);
  const [error, setError] = useState<string | null>(null);
  const [primary, setPrimary] = useState<Set<number>>(new Set());
  const [secondary, setSecondary] = useState<Set<string>>(new Set());
  const [shown, setShown] = useState<Set<number>>(new Set());

  useEffect(() => {
    if (!open) return;
    let live = true;
    setPrimary(new Set());
    setSecondary(new Set());
    setShown(new Set());
    setRows(null);
    setError(null);
    Promise.all([drawingRegisterRows(projectId), enabledLookups(projectId)]).then(
      ([read, enabled]) => {
        if (!live) return;
        setRows(read);
        setLookups(enabled);
      },
      (failure: unknown) => live && setError(errorText(failure)),
    );
    return () => {
      live = false;
    };
  }, [open, projectId]);

  const lookupColumns = useMemo(() => REGISTER_LOOKUP_COLUMNS.filter((c) => lookups.has(c.lookup)), [lookups]);
  const buttons = registerAddButtons({ primary, secondary });
  const toggle = <T,>(set: Set<T>, item: T): Set<T> => {
    const next = new Set(set);
    if (next.has(item)) next.delete(item);
    else next.add(item);
    return next;
  };
  // A question that takes one file keeps one tick in all, primary or secondary.
  const tickPrimary = (id: number) => {
    if (single) setSecondary(new Set());
    setPrimary((now) => (single ? new Set(now.has(id) ? [] : [id]) : toggle(now, id)));
  };
  const tickSecondary = (key: string) => {
    if (single) setPrimary(new Set());
    setSecondary((now) => (single ? new Set(now.has(key) ? [] : [key]) : toggle(now, key)));
  };
  const add = (which: 'all' | 'primary' | 'secondary') =>
    onAdd(registerPicks(rows ?? [], { primary, secondary }, which));
  const columnCount = 13 + lookupColumns.length;

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xl" aria-labelledby="document-register-title">
      <DialogTitle id="document-register-title">{message('pickers.register')}</DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error">{error}</Alert>}
        {!rows && !error && <CircularProgress size={24} aria-label={message('pickers.register')} />}
        {rows && rows.length === 0 && <Alert severity="info">{message('pickers.noDrawings')}</Alert>}
        {rows && rows.length > 0 && (
          <Table size="small" aria-label={message('pickers.register')}>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">{message('pickers.column.select')}</TableCell>
                <TableCell>{message('pickers.column.name')}</TableCell>
                <TableCell>{message('pickers.column.revision')}</TableCell>
                <TableCell>{message('pickers.column.secondaryFiles')}</TableCell>
                <TableCell>{message('pickers.column.description')}</TableCell>
                <TableCell>{message('pickers.column.type')}</TableCell>
                <TableCell>{message('pickers.column.source')}</TableCell>
                <TableCell>{message('pickers.column.structureReference')}</TableCell>
                {lookupColumns.map((c) => (
                  <TableCell key={c.field}>{message(LOOKUP_HEADERS[c.field])}</TableCell>
                ))}
                <TableCell>{message('pickers.column.notes')}</TableCell>
                <TableCell>{message('pickers.column.lastUpdatedBy')}</TableCell>
                <TableCell>{message('pickers.column.lastUpdated')}</TableCell>
                <TableCell>{message('pickers.column.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const open = shown.has(row.id);
                const secondaries = row.secondaryFiles ?? [];
                return (
                  <Fragment key={row.id}>
                    <TableRow>
                      <TableCell padding="checkbox">
                        <Checkbox
                          disabled={!row.primaryFile}
                          checked={primary.has(row.id)}
                          onChange={() => tickPrimary(row.id)}
                          slotProps={{ input: { 'aria-label': message('pickers.selectPrimary', { name: row.name }) } }}
                        />
                      </TableCell>
                      <TableCell>
                        {row.primaryFile ? (
                          <Link href={row.primaryFile.fileUrl} target="_blank" rel="noopener">
                            {row.name}
                          </Link>
                        ) : (
                          row.name
                        )}
                      </TableCell>
                      <TableCell>{row.revision}</TableCell>
                      <TableCell>
                        {secondaries.length > 0 && (
                          <IconButton
                            size="small"
                            aria-expanded={open}
                            aria-label={message('pickers.showSecondary', { name: row.name })}
                            onClick={() => setShown((now) => toggle(now, row.id))}
                          >
                            <AttachFileIcon fontSize="small" />
                          </IconButton>
                        )}
                      </TableCell>
                      <TableCell>{pickListText(row.description)}</TableCell>
                      <TableCell>{row.type ?? ''}</TableCell>
                      <TableCell>{row.source ?? ''}</TableCell>
                      <TableCell>{lookupText(row.structuredRefs)}</TableCell>
                      {lookupColumns.map((c) => (
                        <TableCell key={c.field}>{lookupText(row[c.field])}</TableCell>
                      ))}
                      <TableCell>{pickListText(row.notes)}</TableCell>
                      <TableCell>{row.lastUpdatedByFullName ?? ''}</TableCell>
                      <TableCell>{formatCell({ type: 'Date', format: 'dd/MM/yyyy' }, row.lastUpdateDate)}</TableCell>
                      <TableCell>{row.status ?? ''}</TableCell>
                    </TableRow>
                    {open && (
                      <TableRow>
                        <TableCell colSpan={columnCount}>
                          <List dense aria-label={message('pickers.showSecondary', { name: row.name })}>
                            {secondaries.map((file) => {
                              const key = `${row.id}/${file.fileName}`;
                              return (
                                <ListItem key={key}>
                                  <Checkbox
                                    size="small"
                                    checked={secondary.has(key)}
                                    onChange={() => tickSecondary(key)}
                                    slotProps={{
                                      input: {
                                        'aria-label': message('pickers.selectSecondary', { file: file.fileName }),
                                      },
                                    }}
                                  />
                                  <Link href={file.fileUrl} target="_blank" rel="noopener">
                                    {file.fileName}
                                  </Link>
                                </ListItem>
                              );
                            })}
                          </List>
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" disabled={!buttons.all} onClick={() => add('all')}>
          {message('pickers.addAllSelected')}
        </Button>
        <Button disabled={!buttons.primary} onClick={() => add('primary')}>
          {message('pickers.addPrimary')}
        </Button>
        <Button disabled={!buttons.secondary} onClick={() => add('secondary')}>
          {message('pickers.addSecondary')}
        </Button>
        <Button onClick={onClose}>{message('documents.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
