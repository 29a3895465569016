/**
 * The wrappers of form-configuration.md §2 "Wrappers" around one field, by its `ui:wrapper`:
 * - vertical (the default, and the signature's): the label above the field, the MUI theme's own template;
 * - horizontal: the label beside the field (a third of the width), stacked on a phone;
 * - accordion: the field in a panel under its label, closed until opened, open while it has an error.
 * (page, paging and grid are the multi-page renderer's and the grid field's.) The compiler hides the
 * widget's own label under horizontal and accordion, so the label shows once. Fields that show their help
 * text themselves (a note in its box, an image under its picture) get none from the template, so it shows
 * once (issue 19).
 */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Templates } from '@rjsf/mui';
import type { FieldTemplateProps } from '@rjsf/utils';
import { useState } from 'react';
import { requiredLabel } from '../labels';

const MuiFieldTemplate = Templates.FieldTemplate as (props: FieldTemplateProps) => React.ReactElement;

/** The wrapper names a question's `wrapper` takes. */
export type WrapperName = 'vertical' | 'horizontal' | 'accordion';

/** Custom fields (`ui:field`) that show their question's help text themselves. */
const OWN_HELP_FIELDS: ReadonlySet<unknown> = new Set(['note', 'img']);

export default function WrapperFieldTemplate(given: FieldTemplateProps) {
  const props = OWN_HELP_FIELDS.has(given.uiSchema?.['ui:field']) ? { ...given, help: undefined } : given;
  const wrapper = props.uiSchema?.['ui:wrapper'] as WrapperName | undefined;
  if (props.hidden || !wrapper || wrapper === 'vertical') return <MuiFieldTemplate {...props} />;
  return wrapper === 'horizontal' ? <Horizontal {...props} /> : <AccordionWrapper {...props} />;
}

function Horizontal({ id, label, required, children, errors, help, rawErrors = [] }: FieldTemplateProps) {
  return (
    <Box
      data-wrapper="horizontal"
      sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: { xs: 0, sm: 2 }, my: 1 }}
    >
      <FormLabel htmlFor={id} error={rawErrors.length > 0} sx={{ flex: { sm: '0 0 33%' }, pt: { sm: 2 } }}>
        {requiredLabel(label, required)}
      </FormLabel>
      <FormControl fullWidth error={rawErrors.length > 0} sx={{ flex: 1 }}>
        {children}
        {errors}
        {help}
      </FormControl>
    </Box>
  );
}

function AccordionWrapper({ id, label, required, children, errors, help, rawErrors = [] }: FieldTemplateProps) {
  const [open, setOpen] = useState(false);
  const expanded = open || rawErrors.length > 0;
  return (
    <Accordion
      data-wrapper="accordion"
      expanded={expanded}
      onChange={(_event, next) => setOpen(next)}
      disableGutters
      sx={{ my: 1 }}
      slotProps={{ transition: { unmountOnExit: false } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-panel`} id={`${id}-summary`}>
        <Typography color={rawErrors.length > 0 ? 'error' : undefined}>{requiredLabel(label, required)}</Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`}>
        <FormControl fullWidth error={rawErrors.length > 0}>
          {/* The input's name for assistive technology; the panel's title shows it to the eye. */}
          <Box component="label" htmlFor={id} sx={visuallyHidden}>
            {label}
          </Box>
          {children}
          {errors}
          {help}
        </FormControl>
      </AccordionDetails>
    </Accordion>
  );
}
