/**
 * The object template of the shared renderer: the MUI theme's own, except that a long page (more than
 * FIRST_PAINT_FIELDS fields at the form's root) shows its first FIRST_PAINT_FIELDS fields in the first
 * render and the others in a React transition right after it (issue 21 "Speed": the form page's first paint
 * at bare RJSF-MUI's or better). A page of 100 questions paints its first screen - more than a phone's or a
 * desktop's view of fields - in about a quarter of the time; the rest follow without holding the paint, and
 * the transition yields to the user's input while it renders. Nested objects and short pages render as the
 * theme renders them. The fields that follow keep their place and their keys: nothing mounts twice.
 *
 * Under React's `act` (the renderer's tests) the transition is flushed with the first render, so a test sees
 * every field as before.
 */
import { Templates } from '@rjsf/mui';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { startTransition, useEffect, useState } from 'react';

const MuiObjectFieldTemplate = Templates.ObjectFieldTemplate as (props: ObjectFieldTemplateProps) => React.ReactElement;

/**
 * Fields of a page's first render: about 1,700 px of single-line questions, more than a desktop's or a
 * phone's first screen.
 */
export const FIRST_PAINT_FIELDS = 24;

/** The theme's object template, rendering a long root object's fields in two steps; see the module comment. */
export default function ProgressiveObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const long = props.fieldPathId.path.length === 0 && props.properties.length > FIRST_PAINT_FIELDS;
  const [all, setAll] = useState(!long);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  if (all || !long) return <MuiObjectFieldTemplate {...props} />;
  return <MuiObjectFieldTemplate {...props} properties={props.properties.slice(0, FIRST_PAINT_FIELDS)} />;
}
