/**
 * The form settings in the property panel (issue 21 part 3 "Form settings: title, description, category, the
 * `ask*` header flags, Display entry Create Button, Allow CSV upload, projects"): each a keyword of
 * engine/designer SETTINGS_KEYWORDS changed through `updateSettings`, with its type and limits read from the
 * form-definition entity schema (schemas/entities/form-definition.schema.json: one definition per thing).
 * Typing is one undo step per field; a value the schema refuses (an empty title, a category that is not a
 * lower-case key) stays in the field with the refusal. Projects are the client's (projects.getall); none chosen
 * means every project of the client.
 */
import Autocomplete from '@mui/material/Autocomplete';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { type SettingsKeyword, type SettingsPatch, updateSettings } from '../../engine/designer';
import type { PropertySchema } from '../../engine/forms/field-types/types';
import { type MessageId, message } from '../../engine/messages/catalogue';
import { callOperation, errorText } from '../../runtime/api/client';
import formDefinitionSchema from '../../schemas/entities/form-definition.schema.json';
import { useDesigner, useDesignerStore } from '../store';
import { SwitchProperty, TextProperty } from './fields';

/** The text settings, in the order shown, with their editor. */
const TEXT_SETTINGS: readonly { keyword: SettingsKeyword; editor: 'text' | 'textarea' }[] = [
  { keyword: 'title', editor: 'text' },
  { keyword: 'description', editor: 'textarea' },
  { keyword: 'category', editor: 'text' },
];

/** The on/off settings, in the order shown: the header's ask* flags, then the entry switches. */
export const SWITCH_SETTINGS: readonly SettingsKeyword[] = [
  'askStructureReference',
  'askLevel',
  'askElevation',
  'askCores',
  'askElement',
  'askPackage',
  'askClient',
  'askProjectName',
  'askProjectAddress',
  'displayEntryCreateButton',
  'allowEntryEdit',
  'allowCsvUpload',
];

/** A setting's schema as the panel's editors read it: the entity schema's, with its catalogue title. */
function settingSchema(keyword: SettingsKeyword, editor: PropertySchema['x-editor']): PropertySchema {
  const own = (formDefinitionSchema.properties as Record<string, object>)[keyword] ?? {};
  return {
    ...own,
    'x-title': `designerProperties.settings.${keyword}` as MessageId,
    description: '',
    'x-editor': editor,
  } as PropertySchema;
}

interface ProjectChoice {
  id: number;
  code?: string;
  name?: string;
}

/** The projects picker: the client's projects, several chosen; none means all. */
function ProjectsSetting({
  value,
  onCommit,
}: {
  value: readonly number[] | undefined;
  onCommit(ids: number[] | undefined): void;
}) {
  const [projects, setProjects] = useState<ProjectChoice[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    let live = true;
    callOperation<ProjectChoice[]>('projects.getall', { params: { type: 'all' } })
      .then((list) => live && setProjects(list))
      .catch((e) => live && setError(errorText(e)));
    return () => {
      live = false;
    };
  }, []);
  const chosen = (value ?? []).map((id) => projects?.find((p) => p.id === id) ?? { id });
  const nameOf = (p: ProjectChoice) => (p.code || p.name ? [p.code, p.name].filter(Boolean).join(' ') : String(p.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={projects ?? []}
      loading={projects === null && !error}
      value={chosen}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={nameOf}
      onChange={(_event, next) => onCommit(next.length > 0 ? next.map((p) => p.id) : undefined)}
      renderInput={(params) => (
        <TextField
          {...params}
          label={message('designerProperties.settings.projectIds')}
          error={Boolean(error)}
          helperText={error ?? (chosen.length === 0 ? message('designerProperties.settings.allProjects') : undefined)}
        />
      )}
    />
  );
}

/** See the module comment. */
export function FormSettings() {
  const store = useDesignerStore();
  const draft = useDesigner((s) => s.history.present);
  const record = draft as unknown as Record<string, unknown>;
  const commit = (keyword: SettingsKeyword, value: unknown, merge: boolean) =>
    store.edit('updateSettings', (d) => updateSettings(d, { [keyword]: value } as SettingsPatch), {
      ...(merge && { mergeKey: `settings.${keyword}` }),
    });
  return (
    <Stack spacing={1.5} data-testid="designer-form-settings">
      <Typography variant="subtitle1" component="h2">
        {message('designerProperties.formSettings')}
      </Typography>
      {TEXT_SETTINGS.map(({ keyword, editor }) => {
        const schema = settingSchema(keyword, editor);
        return (
          <TextProperty
            key={keyword}
            keyword={`settings-${keyword}`}
            schema={schema}
            value={record[keyword]}
            onCommit={(value) => commit(keyword, value, true)}
          />
        );
      })}
      <ProjectsSetting value={draft.projectIds} onCommit={(ids) => commit('projectIds', ids, false)} />
      <Typography variant="subtitle2" component="h3">
        {message('designerProperties.settings.header')}
      </Typography>
      {SWITCH_SETTINGS.map((keyword) => [
        keyword === 'displayEntryCreateButton' && (
          <Typography key="entries" variant="subtitle2" component="h3">
            {message('designerProperties.settings.entries')}
          </Typography>
        ),
        <SwitchProperty
          key={keyword}
          keyword={`settings-${keyword}`}
          schema={settingSchema(keyword, 'switch')}
          value={record[keyword]}
          onCommit={(value) => commit(keyword, value, false)}
        />,
      ])}
    </Stack>
  );
}
