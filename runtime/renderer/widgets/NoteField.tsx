import Alert from '@mui/material/Alert';
import type { FieldProps } from '@rjsf/utils';
import { defineField } from './registration';

/** note: a text the form shows, with no answer (form-configuration.md §2): the question's label and help. */
export default function NoteField(props: FieldProps) {
  const { schema, uiSchema } = props;
  const title = String(uiSchema?.['ui:title'] ?? schema.title ?? '');
  const help = uiSchema?.['ui:help'];
  return (
    <Alert severity="info" icon={false} sx={{ my: 1 }} role="note">
      {title}
      {typeof help === 'string' && help !== '' && <div>{help}</div>}
    </Alert>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineField('note', NoteField);
