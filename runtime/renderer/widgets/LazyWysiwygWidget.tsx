import LinearProgress from '@mui/material/LinearProgress';
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { defineWidget } from './registration';

const WysiwygWidget = lazy(() => import('./lazy/WysiwygWidget'));

/** wysiwygInput, loaded when a form first shows one: the editor (Tiptap) stays out of every other form's code. */
export default function LazyWysiwygWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<LinearProgress aria-label={props.label} />}>
      <WysiwygWidget {...props} />
    </Suspense>
  );
}

/** Its place in the renderer's registry (./index.ts collects it). */
export const registration = defineWidget('wysiwygInput', LazyWysiwygWidget);
