/** Types of scripts/server-bundle.mjs (see its docstring). */
export function newestMtime(dir: string): number;
export function sourcesTime(paths: string[]): number;
export function ensureServerBundle(root: string): Promise<string>;
