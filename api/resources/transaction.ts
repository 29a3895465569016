/**
 * Operations that write two or more collections run in one store transaction (issue 20, "What to build" 2;
 * docs/store.md "Transactions"): all of their writes are kept, or none.
 */
import type { NamedOperation } from './context';

/**
 * `operation` run inside `store.withTransaction`: its context's `store` is the transaction's, so every read and
 * write it makes through `context.store` (and the helpers it passes it to) is part of it; a throw rolls all of
 * them back and answers as it would have (an AppError keeps its status and message). Files written through
 * `store.files` are not part of it.
 */
export function inTransaction(operation: NamedOperation): NamedOperation {
  return (context) => context.store.withTransaction((tx) => operation({ ...context, store: tx }));
}
