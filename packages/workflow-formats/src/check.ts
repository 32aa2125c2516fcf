import type { FormatError } from './model.ts';
import { parseWorkflowExport } from './parse.ts';
import { redactSecrets, scanSecrets, type SecretFinding } from './secrets.ts';
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
    };

/**
 * Parses, summarizes and secret-scans an upload. With `redact`, a file with secrets is checked again
 * after redaction and kept only if nothing the scan calls a secret is left.
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
  return {
    ok: true,
    redactedText,
    summary: summarizeExport(final)!,
    warnings: final.warnings.map(({ code, message }) => ({ code, message })),
    found: findings.length,
    redacted,
  };
}
