/**
 * The form creator's editing model (issue 21 parts 2, 4, 5, 10's copy; "Bad input" limits): pure TypeScript,
 * no UI. Commands edit a draft form definition by question and page ids and return a new one (model.ts,
 * questions.ts, pages.ts, clipboard.ts); the history undoes and redoes them (history.ts); references.ts says what
 * refers to a question. The designer's screens (designer/) drive it. docs/forms.md "The form creator's model".
 */
export * from './clipboard';
export * from './history';
export * from './library-link';
export * from './model';
export * from './pages';
export * from './questions';
export * from './references';
