import type { FormatError } from './model.ts';
import { parseWorkflowExport } from './parse.ts';
import { checkSafety, type SafetyFinding } from './safety.ts';
import { redactSecrets, scanSecrets, type SecretFinding } from './secrets.ts';
import { setupEstimate, type SetupEstimate } from './setup.ts';
import { summarizeExport, type ExportSummary } from './summary.ts';

/** Everything the server decides about an uploaded export, as plain data (it crosses threads). */
export type ExportCheck =
  | { ok: false; error: FormatError }
  | { ok: false; secrets: SecretFinding[] }
  | {
      ok: true;
      /** The text to store when secrets were redacted; `null` keeps the bytes as uploaded. */
      redactedText: string | null;
      summary: ExportSummary;
      warnings: { code: string; message: string }[];
      /** Secrets the scan found in the upload (all of them redacted when `redactedText` is set). */
      found: number;
      redacted: SecretFinding[];
      /** The safety check of the text that is stored (after redaction), most serious first. */
      safety: SafetyFinding[];
      setup: SetupEstimate;
    };

/**
 * Parses, summarizes, secret-scans and safety-checks an upload. With `redact`, a file with secrets is
 * checked again after redaction and kept only if nothing the scan calls a secret is left; the safety
 * check and the setup estimate then describe the redacted text.
 */
export function checkExport(text: string, options: { redact: boolean }): ExportCheck {
  const parsed = parseWorkflowExport(text);
  if (!parsed.ok) return { ok: false, error: parsed.error };
  const findings = scanSecrets(parsed);
  let final = parsed;
  let redactedText: string | null = null;
  let redacted: SecretFinding[] = [];
  if (findings.length > 0) {
    if (!options.redact) return { ok: false, secrets: findings };
    const result = redactSecrets(text);
    const reparsed = parseWorkflowExport(result.text);
    if (!reparsed.ok || scanSecrets(reparsed).length > 0) return { ok: false, secrets: findings };
    final = reparsed;
    redactedText = result.text;
    redacted = result.redacted;
  }
  const summary = summarizeExport(final)!;
  // What is stored holds no secret the scan knows: an upload with one was refused or redacted above.
  const safety = checkSafety(final, { redacted, secrets: [] });
  return {
    ok: true,
    redactedText,
    summary,
    warnings: final.warnings.map(({ code, message }) => ({ code, message })),
    found: findings.length,
    redacted,
    safety,
    setup: setupEstimate(summary, safety),
  };
}
