import { openEmbeddedStore } from './embedded';
import { openMongoStore } from './mongo';
import type { Store } from './port';

/** Where the store lives: MongoDB when `mongodbUri` is set (the `MONGODB_URI` setting), else `dataDir`. */
export interface StoreConfig {
  mongodbUri?: string;
  /** Embedded data directory (default `./data` in the API config), or ':memory:'. */
  dataDir: string;
}

/**
 * Opens the store the configuration names (DESIGN.md "api/", persistence port) and applies every index
 * of api/store/indexes.ts: MongoDB through the official driver when `mongodbUri` is a non-empty string,
 * otherwise the embedded SQLite store under `dataDir` with the default durability (fsync before
 * acknowledging, docs/store.md). Throws what the chosen opener throws (unreachable server, locked or
 * corrupt data directory) and DuplicateKeyError when existing data violates a unique index.
 */
export async function openStore(config: StoreConfig): Promise<Store> {
  const store = config.mongodbUri ? await openMongoStore(config.mongodbUri) : await openEmbeddedStore(config.dataDir);
  try {
    await store.ensureIndexes();
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}
