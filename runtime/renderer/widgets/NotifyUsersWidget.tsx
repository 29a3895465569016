/**
 * notify-users: whom an answer notifies (form-configuration.md §3 answer field notificationUsers): the
 * project's users (GET /api/projects/{id}/users: Active users of the client with access to the project),
 * chosen several at a time; the value is their ids. Shown for a question with `notify`, beside the
 * 'Do not send the notification' tick box (stopNotification).
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { message } from '../../../engine/messages/catalogue';
import { callOperation } from '../../api/client';
import { requiredLabel } from '../labels';
import { defineWidget } from './registration';

interface ProjectUser {
  id: number;
  fullName: string;
}

export default function NotifyUsersWidget(props: WidgetProps) {
  const { id, value, label, required, disabled, readonly, onChange, rawErrors = [] } = props;
  const { projectId } = useParams();
  const [people, setPeople] = useState<ProjectUser[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!projectId) return;
    let live = true;
    callOperation<ProjectUser[]>('projects.users', { params: { id: projectId } })
      .then((answer) => live && setPeople(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [projectId]);
  const chosenIds = Array.isArray(value) ? (value as number[]) : [];
  const chosen = chosenIds.map(
    (userId) =>
      people.find((p) => p.id === userId) ?? { id: userId, fullName: message('notify.unknownUser', { id: userId }) },
  );
  return (
    <>
      <Autocomplete
        multiple
        id={id}
        options={people}
        value={chosen}
        disabled={disabled || readonly}
        getOptionLabel={(person) => person.fullName}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_event, next) => onChange(next.length > 0 ? next.map((person) => person.id) : undefined)}
        renderInput={(params) => (
          <TextField {...params} label={requiredLabel(label, required)} error={rawErrors.length > 0} margin="dense" />
        )}
      />
      {failed && <Alert severity="error">{message('notify.loadFailed')}</Alert>}
    </>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('notify-users', NotifyUsersWidget);
