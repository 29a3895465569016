/**
 * Where each operation of the catalogue is called: its method and path (engine/types/generated/operation-routes.ts,
 * generated from schemas/api/operations.json by `npm run gen`). The browser's API client needs no more of the
 * catalogue, so the first page does not carry the summaries, handlers and answer schemas (issue "Performance at
 * scale" §5); engine/api/operations.ts re-exports resolveOperation for the server and the tests.
 */
import { operationRoutes } from '../types/generated/operation-routes';
import type { OperationName } from './operations';

/**
 * Fills the `{name}` parameters of an operation's path.
 * @param name operation name from the catalogue
 * @param params values for every `{name}` in the path; each is URI-encoded
 * @returns `{ method, url }`
 * @throws Error when a parameter of the path is missing from `params`, or the operation is missing from the
 *   generated table (run `npm run gen`)
 */
export function resolveOperation(
  name: OperationName,
  params: Record<string, string | number> = {},
): { method: string; url: string } {
  const route: readonly [string, string] | undefined = (operationRoutes as Record<string, readonly [string, string]>)[
    name
  ];
  // Only when the generated table is older than the catalogue (generators/types.test.ts fails then too).
  if (!route)
    throw new Error(`Operation ${name} is not in engine/types/generated/operation-routes.ts: run npm run gen`);
  const [method, path] = route;
  const url = path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') throw new Error(`Operation ${name}: missing path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
  return { method, url };
}
