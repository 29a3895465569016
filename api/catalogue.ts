/**
 * Mounts the operation catalogue (schemas/api/operations.json) on the Hono app: every operation gets its
 * route here, its handler generic (`kind` over a resource of schemas/resources) or named
 * (api/operations/named), so a new operation is a catalogue entry, never a routes file.
 *
 * Each route runs one pipeline (DESIGN.md "api/"): session → tenant → access level → typed path parameters →
 * the `can` question → schema-validated body → handler (generic: rule, hooks, store). Access: public, session,
 * tenant, admin; a Pending user only where the operation allows it; then the operation's `can` question
 * (docs/access.md). Path parameters are read once under the catalogue's `params` (engine/api/params.ts) and the
 * body once under its `body` schema, so a handler gets typed values (issue 20 §4), as behind Hono's
 * `validator('param')` and `validator('json')`.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { type Operation, type OperationAccess, type OperationName, operations } from '../engine/api/operations';
import { type ParamDeclaration, parseParams } from '../engine/api/params';
import { AppError, detail } from '../engine/errors';
import { isMessageId, type MessageId } from '../engine/messages/catalogue';
import type { SchemaName } from '../engine/validation/ajv';
import { hookRegistry } from './hooks';
import { COMPRESS_THRESHOLD_BYTES, finishedJson } from './http/answer';
import { readBody } from './http/body';
import type { ApiEnv } from './http/env';
import { requireAccess, requireActive, requireAdmin, requireSession, requireTenant } from './middleware/session';
import { namedOperations } from './operations/named';
import type { GenericContext } from './resources/context';
import { resourceOf } from './resources/declarations';
import { runGeneric } from './resources/handlers';

const accessChain: Record<OperationAccess, () => MiddlewareHandler<ApiEnv>[]> = {
  public: () => [],
  session: () => [requireSession()],
  tenant: () => [requireSession(), requireTenant()],
  admin: () => [requireSession(), requireTenant(), requireAdmin()],
};

/**
 * The path parameter declarations an operation is read under: its `params`, where a generic handler's item
 * parameter (`by`, default id) answers a malformed value with its resource's not-found message, as a missing
 * item does.
 */
export function paramDeclarations(operation: Operation): Record<string, ParamDeclaration> {
  const declared = { ...(operation.params ?? {}) };
  const handler = operation.handler;
  if ('kind' in handler) {
    const by = handler.by ?? 'id';
    const own = declared[by];
    if (own === 'id') declared[by] = { type: 'id', messageId: resourceOf(handler.resource).notFoundMessageId };
  }
  return declared;
}

/**
 * Reads the path parameters once under their declarations (engine/api/params.ts) and keeps the typed values on
 * the context (`params`) for the access question and the handler.
 * @throws AppError 404 or 400 with the declaration's message; a 400 names the parameter in its details
 */
export function readParams(operation: Operation): MiddlewareHandler<ApiEnv> {
  const declarations = paramDeclarations(operation);
  return async (c, next) => {
    const parsed = parseParams(declarations, c.req.param() as Record<string, string>);
    if (!parsed.ok) {
      const { name, value, status } = parsed.refusal;
      const messageId = isMessageId(parsed.refusal.messageId) ? parsed.refusal.messageId : 'notFound.generic';
      throw status === 404
        ? new AppError(404, messageId)
        : new AppError(400, messageId as MessageId, {}, [
            detail(`/params/${name}`, 'validation.badParam', { name, value: value.slice(0, 100) }),
          ]);
    }
    c.set('params', parsed.params);
    await next();
  };
}

/**
 * The access middleware of an operation: its access level, a Pending user refused unless the operation
 * allows them (docs/access.md "Pending users"), the typed path parameters, then the operation's access-model
 * question.
 */
export function accessMiddleware(operation: Operation): MiddlewareHandler<ApiEnv>[] {
  const chain = accessChain[operation.access]();
  if (operation.access !== 'public' && !operation.pendingAllowed) chain.splice(1, 0, requireActive());
  chain.push(readParams(operation));
  if (operation.can) chain.push(requireAccess(operation));
  return chain;
}

/** The operation's path in Hono's syntax: `{name}` becomes `:name`. */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

let operationOrder: readonly OperationName[] | undefined;

/**
 * Names of the catalogue's operations, most specific paths first (the order they are mounted in); a new array each
 * call, sorted once per process (every app the API tests make mounts them).
 */
export function catalogueOperationNames(): OperationName[] {
  operationOrder ??= sortedOperationNames();
  return [...operationOrder];
}

function sortedOperationNames(): OperationName[] {
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
    // The one place a handler is picked by a name read from JSON: the registry's types (NamedOperations) say each
    // function takes the context of the operations it serves, which is what this route builds.
    const named =
      'named' in handler
        ? (namedOperations as unknown as Record<string, ((context: GenericContext) => Promise<unknown>) | undefined>)[
            handler.named
          ]
        : undefined;
    if ('named' in handler && !named) throw new Error(`No named operation ${handler.named}`);
    // Hono answers a HEAD request through the GET route of its path (it drops the body): a HEAD operation (tus,
    // issue 26) is mounted on GET and refuses a real GET as an unknown path.
    const head = operation.method === 'HEAD';
    const method = head ? 'GET' : operation.method;
    const headOnly: MiddlewareHandler<ApiEnv>[] = head
      ? [
          async (c, next) => {
            if (c.req.method !== 'HEAD') throw new AppError(404, 'notFound.generic');
            await next();
          },
        ]
      : [];
    app.on(method, [honoPath(operation.path)], ...headOnly, ...accessMiddleware(operation), async (c) => {
      // Whether the handler sets a header of its own (a cookie): then its answer is made through the context.
      let ownHeaders = false;
      const header = c.header;
      c.header = (...args: Parameters<typeof header>) => {
        ownHeaders = true;
        return header(...args);
      };
      const context: GenericContext = {
        name,
        operation,
        store: c.get('store'),
        clientId: c.get('clientId'),
        user: c.get('user'),
        params: c.get('params') ?? {},
        // An access question about the body's project read the body already (requireAccess).
        body: operation.body
          ? (c.get('body') ??
            (await readBody(c, operation.body as SchemaName, operation.bodyOptional ? {} : undefined)))
          : undefined,
        now: clock(),
        http: c,
      };
      const answer = named ? await named(context) : await runGeneric(context, hookRegistry);
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
