import LinearProgress from '@mui/material/LinearProgress';
import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';

const WysiwygWidget = lazy(() => import('./WysiwygWidget'));

/** wysiwygInput, loaded when a form first shows one: the editor (Tiptap) stays out of every other form's code. */
export default function LazyWysiwygWidget(props: WidgetProps) {
  return (
    <Suspense fallback={<LinearProgress aria-label={props.label} />}>
      <WysiwygWidget {...props} />
    </Suspense>
  );
}
