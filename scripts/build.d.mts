// Types of scripts/build.mjs, for the tests and benchmarks that import it.
export declare const DEFAULT_OUTDIR: string;
/** True when outdir holds a build newer than every file of src (and than the build script and the installed packages). */
export declare function isBuildCurrent(outdir?: string, src?: string): boolean;
/** Builds into outdir; returns the entry file's path. */
export declare function build(outdir?: string): Promise<string>;
/** The entry of a current build in dist/, building it first when a source is newer. */
export declare function ensureBuilt(): Promise<string>;
/** Packages the build leaves to Node instead of bundling. */
export declare const KEEP_EXTERNAL: readonly string[];
