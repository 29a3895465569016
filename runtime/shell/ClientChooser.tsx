/**
 * The client chooser (shell-access-navigation.md §4, form-configuration.md §2 "Client switcher
 * modal"): the user's clients with logo and name, each with a Select button; the list appears after
 * a 300 ms delay (§9). Choosing POSTs setClient/{id} and hands the updated user to `onChosen`.
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import { useEffect, useState } from 'react';
import { message } from '../../engine/messages/catalogue';
import { callOperation, errorText } from '../api/client';
import type { Client, UserView } from '../api/types';

/** Delay before the client list shows (shell-access-navigation.md §9), in milliseconds. */
export const CLIENT_LIST_DELAY_MS = 300;

export interface ClientChooserProps {
  open: boolean;
  onClose: () => void;
  onChosen: (user: UserView) => void;
}

/** The client chooser dialog; see the module comment. */
export function ClientChooser({ open, onClose, onChosen }: ClientChooserProps) {
  const [clients, setClients] = useState<Client[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setClients(null);
    setError(null);
    const started = Date.now();
    callOperation<Client[]>('clients.getall')
      .then((list) => {
        const wait = Math.max(0, CLIENT_LIST_DELAY_MS - (Date.now() - started));
        setTimeout(() => live && setClients(list), wait);
      })
      .catch((e: unknown) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, [open]);

  const choose = async (client: Client) => {
    setChoosing(true);
    setError(null);
    try {
      onChosen(await callOperation<UserView>('auth.setClient', { params: { clientId: client.id } }));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setChoosing(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{message('login.chooseClient')}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{error}</Alert>}
        {!clients && !error && <CircularProgress aria-label={message('common.loading')} />}
        {clients && (
          <List>
            {clients.map((client) => (
              <ListItem
                key={client.id}
                secondaryAction={
                  <Button variant="contained" size="small" disabled={choosing} onClick={() => void choose(client)}>
                    {message('login.select')}
                  </Button>
                }
              >
                <ListItemAvatar>
                  <Avatar src={client.logoUrl || undefined} alt={client.name} variant="rounded">
                    {client.name.slice(0, 1)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={client.name} />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{message('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
