import { fileURLToPath } from 'node:url';
import { EnvError } from '../env.ts';
import { DataFolderLockedError } from '../db/data-folder-lock.ts';

/** The repository's root: `npm start` runs there, so a relative DATA_DIR means the same folder for every command. */
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** What went wrong, in a sentence after `failed` ("The backup failed"): an operator's command never prints a stack trace. */
export function explainFailure(error: unknown, failed: string): string {
  if (error instanceof EnvError || error instanceof DataFolderLockedError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `${failed}: ${message}`;
}

/**
 * Runs `main` when the module at `moduleUrl` is the script node started (not when a test imports
 * it): its answer is the exit code, and a throw is explained in one sentence with exit code 1.
 */
export function runAsCommand(moduleUrl: string, main: () => Promise<number>, failed: string): void {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  Promise.resolve()
    .then(main)
    .then(
      (exitCode) => {
        process.exitCode = exitCode;
      },
      (error: unknown) => {
        console.error(explainFailure(error, failed));
        process.exitCode = 1;
      },
    );
}
