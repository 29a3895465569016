/**
 * The device database's name (contract-26 §3), apart from the database code so that the logged-in shell can look for
 * it (runtime/shell/background-sync.ts) without loading Dexie.
 */

/** The database name of a user in a client: `siteforms-offline-u{userId}-c{clientId}`. */
export function databaseName(userId: number, clientId: number): string {
  return `siteforms-offline-u${userId}-c${clientId}`;
}
