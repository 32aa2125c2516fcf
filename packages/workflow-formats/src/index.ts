export * from './model.ts';
export { parseWorkflowExport, detectPlatform } from './parse.ts';
export {
  type PlatformDefinition,
  type PlatformId,
  type PlatformLanguage,
  PLATFORMS,
  PLATFORM_IDS,
  isPlatformId,
  listOfPlatforms,
  platformName,
} from './platforms.ts';
export type { PlatformReader, SecretWalk } from './reader.ts';
export { layoutGraph, layoutPositions, LAYOUT_COLUMN_WIDTH, LAYOUT_ROW_HEIGHT } from './layout.ts';
export {
  type AppDefinition,
  type GenericIconName,
  appDefinition,
  appDisplayName,
  genericIconFor,
  isCoreApp,
  isProtocolApp,
  isN8nCommunityType,
  normalizeAppKey,
} from './apps.ts';
export { type SecretFinding, REDACTED, redactSecrets, scanSecrets } from './secrets.ts';
export {
  type AppUsage,
  type ExportSummary,
  MAX_SUMMARY_NODES,
  nodeEntry,
  summarizeExport,
} from './summary.ts';
export { type VersionDiff, diffSummaries, similarity, similarityKeys } from './similarity.ts';
export { type ExportCheck, checkExport } from './check.ts';
export {
  type SafetyFinding,
  type SafetyOptions,
  type SafetyRuleCode,
  type SafetySeverity,
  MAX_SCANNED_PER_NODE,
  SAFETY_RULE_CODES,
  SAFETY_SEVERITIES,
  SECRET_URL_DETAIL,
  checkSafety,
  highestSeverity,
  severityRank,
} from './safety.ts';
export {
  type SetupDifficulty,
  type SetupEstimate,
  SETUP_DIFFICULTIES,
  SETUP_RULES,
  setupEstimate,
} from './setup.ts';
export { importableN8nFile, importableN8nWorkflow } from './importable.ts';
export {
  type N8nCompatReason,
  type N8nCompatibilityResult,
  type N8nRequirements,
  N8N_CATALOGUE_VERSION,
  credentialDisplayName,
  n8nCatalogueReleases,
  n8nCompatibility,
  nodeDisplayName,
} from './n8n-compat.ts';
export {
  type SkeletonEdge,
  type SkeletonGraph,
  type SkeletonNode,
  type SkeletonNote,
  type SkeletonOptions,
  type WorkflowSkeleton,
  skeletonOf,
} from './skeleton.ts';
