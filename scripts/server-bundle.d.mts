/** Types of scripts/server-bundle.mjs (see its docstring). */
export function newestMtime(dir: string): number;
export function sourcesTime(paths: string[]): number;
export function ensureServerBundle(root: string): Promise<string>;
/** The Node options the bundled server runs with. */
export const SERVER_NODE_OPTIONS: string[];
