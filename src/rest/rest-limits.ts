// What one REST call may carry, as a deployment sets it (PAYGRAPH_BULK_LIMIT, PAYGRAPH_MAX_EXPORT_ROWS):
// built once from the settings and passed whole to the steps that use it (the cost estimate, the
// export cap, bulk mutations), rather than each value forwarded on its own.

export interface RestLimits {
  /** Items per REST bulk call of bulk mutations; the REST API's bulk limit must allow it. */
  bulkLimit: number;
  /** Rows one CSV export may ask for (its cost counts a call per 100 rows). */
  maxExportRows: number;
}

/** The REST API's default bulk limit (SPEC "Limits": items per bulk request). */
export const DEFAULT_BULK_LIMIT = 100;
/** Rows one CSV export may ask for. */
export const DEFAULT_MAX_EXPORT_ROWS = 10_000;

export const DEFAULT_REST_LIMITS: Readonly<RestLimits> = {
  bulkLimit: DEFAULT_BULK_LIMIT,
  maxExportRows: DEFAULT_MAX_EXPORT_ROWS,
};

/** The limits with `given` in place of the defaults (an unset one keeps its default). */
export function restLimitsWith(given: Partial<RestLimits> = {}): RestLimits {
  return {
    bulkLimit: given.bulkLimit ?? DEFAULT_BULK_LIMIT,
    maxExportRows: given.maxExportRows ?? DEFAULT_MAX_EXPORT_ROWS,
  };
}
