/**
 * The catalogue of API operations: one name for each HTTP call the platform makes.
 *
 * Screen documents (schemas/screens) refer to operations by these names; the runtime's API
 * client builds requests from them; a contract test checks that the Hono app answers every
 * one of them. Paths follow the specification (shell-access-navigation.md §7,
 * administration-data.md §7); `{name}` is a path parameter.
 */
export const operations = {
  'auth.login': { method: 'POST', path: '/api/authorization/login' },
  'auth.isLoggedIn': { method: 'POST', path: '/api/authorization/isLoggedIn' },
  'auth.logout': { method: 'POST', path: '/logout' },
  'auth.setClient': { method: 'POST', path: '/api/authorization/setClient/{clientId}' },
  'clients.current': { method: 'GET', path: '/api/client' },
  'clients.getall': { method: 'GET', path: '/api/client/getall' },
  'clients.get': { method: 'GET', path: '/api/client/{id}' },
  'projects.getall': { method: 'GET', path: '/api/projects/getall/{type}' },
  'projects.get': { method: 'GET', path: '/api/projects/{id}' },
  'projects.summary': { method: 'GET', path: '/api/projects/summary/{id}' },
  'forms.getActive': { method: 'GET', path: '/api/settings/forms/getActive/type/{formArea}/{projectId}' },
  'forms.getForProject': { method: 'GET', path: '/api/settings/forms/{projectId}/{formArea}/{id}' },
  'forms.all': { method: 'GET', path: '/api/settings/forms/all/{formArea}' },
  'forms.get': { method: 'GET', path: '/api/settings/forms/{formArea}/{id}' },
  'forms.create': { method: 'POST', path: '/api/settings/forms/{formArea}' },
  'forms.update': { method: 'PUT', path: '/api/settings/forms/{formArea}/{id}' },
  'forms.publish': { method: 'PUT', path: '/api/settings/forms/publish/{formArea}/{id}' },
  'entries.submit': { method: 'PUT', path: '/api/projects/{projectId}/forms/{formArea}/submit' },
  'entries.getall': { method: 'POST', path: '/api/projects/{projectId}/forms/{formArea}/getall/{formId}' },
  'entries.get': { method: 'GET', path: '/api/projects/{projectId}/forms/{formArea}/{formId}/get/{entryNumber}' },
  'entries.download': { method: 'POST', path: '/api/projects/{projectId}/forms/{formArea}/download' },
} as const satisfies Record<string, { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; path: string }>;

export type OperationName = keyof typeof operations;

/**
 * Fills the `{name}` parameters of an operation's path.
 * @param name operation name from {@link operations}
 * @param params values for every `{name}` in the path; each is URI-encoded
 * @returns `{ method, url }`
 * @throws Error when a parameter of the path is missing from `params`
 */
export function resolveOperation(
  name: OperationName,
  params: Record<string, string | number> = {},
): { method: string; url: string } {
  const op = operations[name];
  const url = op.path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Operation ${name}: missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  return { method: op.method, url };
}
