/**
 * Named implementations screen documents refer to (DESIGN.md "schemas/": what JSON cannot say is a
 * named function), one file per kind under ./functions, collected here. A document naming something
 * missing fails renderer/screens.test.ts.
 *
 * - formSources: turn an API answer into a form (`source.name` of a form document)
 * - toFormData: turn a saved item into form data (`load.toFormData`)
 * - bodyBuilders: turn form data into a request body (`submit.body`)
 * - columnProviders: columns (and a title) added to a register (`dynamicColumns`, `titleFrom`)
 * - validators: problems of a form's data JSON Schema cannot say (`validator`)
 * Action kinds are in ./actions, guards and route loaders in runtime/shell.
 */
export { type BodyContext, bodyBuilders } from './functions/body-builders';
export { columnProviders, type ProvidedColumn } from './functions/column-providers';
export { type FormSourceResult, formSources } from './functions/form-sources';
export { toFormData } from './functions/to-form-data';
export { type FormValidator, validators } from './functions/validators';
