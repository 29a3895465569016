/**
 * Mounts the operation catalogue (schemas/api/operations.json) on the Hono app: every operation gets its
 * route here, its handler generic (`kind` over a resource of schemas/resources) or named
 * (api/operations/named), so a new operation is a catalogue entry, never a routes file.
 *
 * Each route runs one pipeline (DESIGN.md "api/"): session → tenant → access → schema-validated body →
 * rule check (in the generic handlers) → handler → store. Access: public, session, tenant, admin;
 * a Pending user only where the operation allows it; then the operation's `can` question (docs/access.md).
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { type Operation, type OperationAccess, type OperationName, operations } from '../engine/api/operations';
import type { SchemaName } from '../engine/validation/ajv';
import { COMPRESS_THRESHOLD_BYTES, finishedJson } from './http/answer';
import { readBody } from './http/body';
import type { ApiEnv } from './http/env';
import { requireAccess, requireActive, requireAdmin, requireSession, requireTenant } from './middleware/session';
import { namedOperations } from './operations/named';
import type { OperationContext } from './resources/context';
import { runGeneric } from './resources/handlers';

const accessChain: Record<OperationAccess, () => MiddlewareHandler<ApiEnv>[]> = {
  public: () => [],
  session: () => [requireSession()],
  tenant: () => [requireSession(), requireTenant()],
  admin: () => [requireSession(), requireTenant(), requireAdmin()],
};

/**
 * The access middleware of an operation: its access level, a Pending user refused unless the operation
 * allows them (docs/access.md "Pending users"), then the operation's access-model question.
 */
export function accessMiddleware(operation: Operation): MiddlewareHandler<ApiEnv>[] {
  const chain = accessChain[operation.access]();
  if (operation.access !== 'public' && !operation.pendingAllowed) chain.splice(1, 0, requireActive());
  if (operation.can) chain.push(requireAccess(operation));
  return chain;
}

/** The operation's path in Hono's syntax: `{name}` becomes `:name`. */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Names of the catalogue's operations, most specific paths first (the order they are mounted in). */
export function catalogueOperationNames(): OperationName[] {
  const names = Object.keys(operations) as OperationName[];
  // A static segment must win over a parameter at the same place (…/type/{type} before …/{id}).
  const weight = (path: string) =>
    path
      .split('/')
      .map((s) => (s.startsWith('{') ? '1' : '0'))
      .join('');
  return names.sort((a, b) => weight(operations[a].path).localeCompare(weight(operations[b].path)));
}

/** The routes of every catalogue operation with a generic or named handler. */
export function catalogueRoutes(clock: () => Date = () => new Date()) {
  const app = new Hono<ApiEnv>();
  for (const name of catalogueOperationNames()) {
    const operation = operations[name];
    const handler = operation.handler;
    if ('named' in handler && !namedOperations[handler.named]) throw new Error(`No named operation ${handler.named}`);
    app.on(operation.method, [honoPath(operation.path)], ...accessMiddleware(operation), async (c) => {
      // Whether the handler sets a header of its own (a cookie): then its answer is made through the context.
      let ownHeaders = false;
      const header = c.header;
      c.header = (...args: Parameters<typeof header>) => {
        ownHeaders = true;
        return header(...args);
      };
      const context: OperationContext = {
        name,
        operation,
        store: c.get('store'),
        clientId: c.get('clientId'),
        user: c.get('user'),
        params: c.req.param() as Record<string, string>,
        // An access question about the body's project read the body already (requireAccess).
        body: operation.body
          ? (c.get('body') ??
            (await readBody(c, operation.body as SchemaName, operation.bodyOptional ? {} : undefined)))
          : undefined,
        now: clock(),
        http: c,
      };
      const answer = 'named' in handler ? await namedOperations[handler.named](context) : await runGeneric(context);
      c.header = header;
      if (answer instanceof Response) return answer;
      const json = JSON.stringify(answer);
      // A small answer leaves finished, with every header (api/http/answer.ts); a larger one, with its length,
      // goes through the compression middleware.
      const length = Buffer.byteLength(json);
      if (!ownHeaders && length < COMPRESS_THRESHOLD_BYTES) return finishedJson(json, length);
      return c.body(json, 200, { 'Content-Type': 'application/json', 'Content-Length': String(length) });
    });
  }
  return app;
}
