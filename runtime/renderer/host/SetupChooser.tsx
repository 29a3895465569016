/**
 * The setups part of the QR image and label export modals: a spinner while the setups load, a message when
 * there are none, and a choice when there are several (one is chosen without asking).
 */
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type MessageId, message } from '../../../engine/messages/catalogue';

export interface SetupChooserProps {
  /** The setups; null while loading. */
  setups: { id: number; name: string }[] | null;
  chosen: number | null;
  onChoose: (id: number) => void;
  /** The chooser's label and the text shown when there is no setup. */
  labelId: MessageId;
  noneId: MessageId;
}

/** The setup chooser; see the module comment. */
export function SetupChooser({ setups, chosen, onChoose, labelId, noneId }: SetupChooserProps) {
  if (setups === null) return <CircularProgress aria-label={message('common.loading')} />;
  if (setups.length === 0) return <Alert severity="info">{message(noneId)}</Alert>;
  if (setups.length === 1) return null;
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={message(labelId)}
      value={chosen ?? ''}
      onChange={(e) => onChoose(Number(e.target.value))}
    >
      {setups.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
