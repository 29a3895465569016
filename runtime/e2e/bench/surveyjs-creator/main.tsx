/**
 * The other side of the designer benchmark (runtime/e2e/bench/designer.ts): SurveyJS Creator (survey-creator-react
 * 2.5.43 with survey-core, survey-react-ui and survey-creator-core of the same version, dev dependencies for this
 * page only), opening the survey JSON at `/<form>.json` (`?form=<name>`), as its documentation sets it up. Built
 * by the benchmark with Vite into a temporary folder, never into the app's bundle. `window.__creator` is the
 * creator, for the benchmark's checks.
 */
import 'survey-core/survey-core.css';
import 'survey-creator-core/survey-creator-core.css';
import { createRoot } from 'react-dom/client';
import { SurveyCreator, SurveyCreatorComponent } from 'survey-creator-react';

declare global {
  interface Window {
    __creator?: SurveyCreator;
    __dataAt?: number;
  }
}

const name = new URLSearchParams(window.location.search).get('form') ?? 'form-500';
const json = (await (await fetch(`/${name}.json`)).json()) as object;
window.__dataAt = performance.now();
const creator = new SurveyCreator({ autoSaveEnabled: false, showLogicTab: true, showTranslationTab: false });
creator.JSON = json;
window.__creator = creator;

createRoot(document.getElementById('root') as HTMLElement).render(<SurveyCreatorComponent creator={creator} />);
