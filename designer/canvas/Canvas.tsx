/**
 * The canvas (issue 21 part 2): the shown page's questions rendered with the runtime's widgets in a read-only
 * design mode. Placeholder until the canvas part lands; it reads the store (../store) like every part.
 */
import { useDesigner } from '../store';

/** The shown page's questions. */
export function Canvas() {
  const page = useDesigner((s) => s.history.present.pages.find((p) => p.id === s.pageId));
  return (
    <div data-testid="designer-canvas">
      {page?.questions.map((q) => (
        <div key={q.id}>{q.label}</div>
      ))}
    </div>
  );
}
