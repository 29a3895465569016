/**
 * The page of the data-table benchmark (runtime/e2e/bench/data-table.ts): the shared renderer's data
 * table (ui:field "data-table" through SchemaForm, the same cells, editors, row store and footers as
 * every register) over 1,000 rows of 12 editable columns on one page of 1,000, two of them totalled in
 * the footer. `?readonly=1` shows the same columns read-only (the baseline: material-react-table's text
 * cells). `window.__startAt` is the time the page's script began rendering.
 */
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { createRoot } from 'react-dom/client';
import { SchemaForm } from '../../../renderer/SchemaForm';

declare global {
  interface Window {
    __startAt?: number;
  }
}

const search = new URLSearchParams(window.location.search);
const ROWS = Number(search.get('rows') ?? 1000);
const READONLY = search.get('readonly') === '1';

const schema: RJSFSchema = { type: 'object', properties: { lines: { type: 'array', items: { type: 'object' } } } };
const uiSchema: UiSchema = {
  lines: {
    'ui:field': 'data-table',
    'ui:title': 'Lines',
    'ui:options': {
      pageSizes: [10, 25, 50, 100, 500, 1000],
      pageSize: 1000,
      columns: [
        { value: 'item', header: 'table.description', type: 'Text', editable: true, required: true },
        { value: 'qty', header: 'qrCode.value', type: 'Number', editable: true, totalInFooter: true },
        { value: 'rate', header: 'employees.accessHR', type: 'Currency', editable: true, totalInFooter: true },
        { value: 'pct', header: 'employees.accessPlants', type: 'Percentage', editable: true, max: 100 },
        {
          value: 'status',
          header: 'qrCode.status',
          type: 'ButtonSelect',
          editable: true,
          options: [
            { value: true, label: 'common.yes' },
            { value: false, label: 'common.no' },
          ],
        },
        {
          value: 'type',
          header: 'employees.type',
          type: 'DropDown',
          editable: true,
          options: [
            { value: 'Administration', label: 'employees.type.Administration' },
            { value: 'Management', label: 'employees.type.Management' },
            { value: 'Labour', label: 'employees.type.Labour' },
          ],
        },
        { value: 'start', header: 'projects.startDate', type: 'Date', editable: true },
        { value: 'end', header: 'projects.endDate', type: 'Date', editable: true, min: { field: 'start' } },
        { value: 'active', header: 'employees.isActive', type: 'CheckBox', editable: true },
        { value: 'email', header: 'employees.email', type: 'Email', editable: true },
        { value: 'mobile', header: 'employees.mobile', type: 'Tel', editable: true },
        { value: 'link', header: 'dataTable.link', type: 'HyperLink' },
      ],
    },
  },
};

const types = ['Administration', 'Management', 'Labour'];
const lines = Array.from({ length: ROWS }, (_, i) => ({
  item: `Item ${i + 1}`,
  qty: (i % 50) + 1,
  rate: Math.round(((i * 37) % 1000) * 100) / 100 + 0.5,
  pct: i % 100,
  status: i % 2 === 0,
  type: types[i % 3],
  start: `2026-0${(i % 9) + 1}-01`,
  end: `2026-0${(i % 9) + 1}-15`,
  active: i % 4 === 0,
  email: `person${i}@example.com`,
  mobile: `+35386${String(1000000 + i)}`,
  link: `Drawing ${i + 1}`,
  fileUrl: `/files/drawing-${i + 1}.pdf`,
}));

if (READONLY)
  for (const column of (uiSchema.lines['ui:options'] as { columns: Array<{ editable?: boolean }> }).columns)
    column.editable = false;

window.__startAt = performance.now();
createRoot(document.getElementById('root') as HTMLElement).render(
  <SchemaForm schema={schema} uiSchema={uiSchema} formData={{ lines }} />,
);
