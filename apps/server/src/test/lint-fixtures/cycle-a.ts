// A fixture for architecture-lint.test.ts: cycle-a.ts and cycle-b.ts import each other on purpose,
// so the test can see `import-x/no-cycle` fire. ESLint's own run ignores this folder.
import { second } from './cycle-b.ts';

export const first = (): string => `first, then ${second()}`;
