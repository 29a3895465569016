/**
 * Where a form area's project pages live (issue 19 "Health & Safety under its own section"): each form area with
 * project pages has its own section of the project menu, and its forms' registers, entries and QR code routes live
 * under it: /projects/{projectId}/{section}/{formId}[/add | /entry/{n} | /qr/{token} | ...], section `qa` for
 * quality-assurance and `health-and-safety` for health-and-safety. schemas/screens/routes.json gives each section's
 * route node the fixed parameters formArea and section; the shared register and entry documents navigate by
 * `{section}`; code that builds these paths (a scanned QR code, a linked form) asks formRegisterPath.
 * runtime/renderer/screens.test.ts checks the route table agrees.
 */

/** The section (path segment under /projects/{projectId}) of each form area with project pages. */
export const FORM_SECTIONS: Readonly<Record<string, string>> = {
  'quality-assurance': 'qa',
  'health-and-safety': 'health-and-safety',
};

/**
 * The category pages of each form area with project pages (shell-access-navigation.md §2.3; issue 24 §5): the
 * path segment under the area's section is the form library's category, and each page is the register of the
 * entries of that category's forms on the project (api/operations/category-registers.ts). The route table has
 * a route per page (runtime/renderer/screens.test.ts checks they agree).
 */
export const FORM_CATEGORY_PAGES: Readonly<Record<string, readonly string[]>> = {
  'quality-assurance': ['audits', 'inspections', 'reports', 'meetings'],
  'health-and-safety': ['audits', 'inductions', 'inspections', 'reports', 'meetings', 'toolbox-talk'],
};

/**
 * The register path of form `formId` of `formArea` on a project, e.g. /projects/2/health-and-safety/5. A form
 * area without project pages of its own has its forms under quality assurance, as before issue 19.
 */
export function formRegisterPath(projectId: number | string, formArea: string, formId: number | string): string {
  return `/projects/${projectId}/${FORM_SECTIONS[formArea] ?? 'qa'}/${formId}`;
}
