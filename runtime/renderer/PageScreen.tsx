/**
 * PageScreen: a page document (schemas/meta/page.schema.json): several screen documents laid out over
 * one screen state. The page's inputs (e.g. the lookup type, form-configuration.md "Lookup value
 * administration") are that state: each part reads them as template values and in conditions
 * (`screen`), and loads again when they change. A part that saves (a form's submit) reloads the others.
 * Layouts: 'row' (side by side, `width` of 12 per part, stacked on small screens), 'column', 'tabs',
 * 'accordion'.
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { type MessageId, message } from '../../engine/messages/catalogue';
import { loadScreen, type PageDocument, type PagePartSpec, type ScreenDocument } from './documents';
import { ScreenLoading, ScreenView } from './ScreenView';

export interface PageScreenProps {
  document: PageDocument;
  params: Record<string, string | undefined>;
  /** Data the route's loaders fetched (e.g. the user's activity on the project), handed to every part. */
  loaderData?: Record<string, unknown>;
}

/** The initial screen state: each input's default, else its first option. */
export function initialScreenState(doc: PageDocument): Record<string, string | undefined> {
  return Object.fromEntries((doc.inputs ?? []).map((input) => [input.name, input.default ?? input.options[0]?.value]));
}

/** The header line: `{name}` placeholders read the chosen options' labels. */
export function pageHeader(doc: PageDocument, screen: Record<string, string | undefined>): string | null {
  if (!doc.header) return null;
  const labels: Record<string, string> = {};
  for (const input of doc.inputs ?? []) {
    const option = input.options.find((o) => o.value === screen[input.name]);
    labels[input.name] = option ? message(option.label) : (screen[input.name] ?? '');
  }
  return message(doc.header, labels);
}

function Part({
  part,
  params,
  screen,
  reloadKey,
  onSaved,
  loaderData,
}: {
  part: PagePartSpec;
  params: Record<string, string | undefined>;
  screen: Record<string, string | undefined>;
  reloadKey: number;
  onSaved: () => void;
  loaderData?: Record<string, unknown>;
}) {
  const [doc, setDoc] = useState<ScreenDocument | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadScreen(part.screen)
      .then((loaded) => live && setDoc(loaded))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [part.screen]);
  if (failed) return <Alert severity="error">{message('common.serverError')}</Alert>;
  if (!doc) return <ScreenLoading />;
  return (
    <Box>
      {doc.kind !== 'page' && (
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {message(doc.title)}
        </Typography>
      )}
      <ScreenView
        // A new screen state is a new screen: forms start afresh for the new type.
        key={JSON.stringify(screen)}
        document={doc}
        params={params}
        mode={part.mode}
        screen={screen}
        reloadKey={reloadKey}
        onResult={onSaved}
        loaderData={loaderData}
      />
    </Box>
  );
}

/** Renders a page document; see the module comment. */
export function PageScreen({ document: doc, params, loaderData }: PageScreenProps) {
  const [screen, setScreen] = useState(() => initialScreenState(doc));
  const [reloadKey, setReloadKey] = useState(0);
  const [tab, setTab] = useState(0);
  const onSaved = useCallback(() => setReloadKey((k) => k + 1), []);
  const header = useMemo(() => pageHeader(doc, screen), [doc, screen]);

  const parts = doc.parts.map((part) => (
    <Part
      key={part.screen}
      part={part}
      params={params}
      screen={screen}
      reloadKey={reloadKey}
      onSaved={onSaved}
      loaderData={loaderData}
    />
  ));
  const label = (part: PagePartSpec, index: number) =>
    part.label ? message(part.label as MessageId) : String(index + 1);

  return (
    <Stack gap={2}>
      {(doc.inputs ?? []).length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
          {(doc.inputs ?? []).map((input) => (
            <TextField
              key={input.name}
              select
              label={message(input.label)}
              value={screen[input.name] ?? ''}
              onChange={(event) => setScreen((s) => ({ ...s, [input.name]: event.target.value }))}
              sx={{ minWidth: 260 }}
              size="small"
            >
              {input.options.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {message(option.label)}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Stack>
      )}
      {header && (
        <Typography variant="subtitle1" component="p" data-testid="page-header">
          {header}
        </Typography>
      )}
      {doc.layout === 'row' && (
        <Grid container spacing={3}>
          {parts.map((node, index) => (
            <Grid
              key={doc.parts[index].screen}
              size={{ xs: 12, md: doc.parts[index].width ?? Math.floor(12 / parts.length) }}
            >
              {node}
            </Grid>
          ))}
        </Grid>
      )}
      {doc.layout === 'column' && <Stack gap={3}>{parts}</Stack>}
      {doc.layout === 'tabs' && (
        <Box>
          <Tabs value={tab} onChange={(_, value: number) => setTab(value)}>
            {doc.parts.map((part, index) => (
              <Tab key={part.screen} label={label(part, index)} />
            ))}
          </Tabs>
          <Box sx={{ pt: 2 }}>{parts[tab]}</Box>
        </Box>
      )}
      {doc.layout === 'accordion' &&
        doc.parts.map((part, index) => (
          <Accordion key={part.screen} defaultExpanded={index === 0}>
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>{label(part, index)}</AccordionSummary>
            <AccordionDetails>{parts[index]}</AccordionDetails>
          </Accordion>
        ))}
    </Stack>
  );
}
