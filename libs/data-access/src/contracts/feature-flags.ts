/** GET /api/feature-flags: the selected institution's flags by name (the shell caches them per institution). */
export interface FeatureFlagsResponse {
  flags: Record<string, boolean>;
}
