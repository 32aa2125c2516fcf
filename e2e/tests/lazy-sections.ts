import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Scrolls to a section the page draws once it comes into view, until `content` shows in it: the
 * section waits for hydration and for a code chunk of its own, which may come late on a busy machine.
 */
export async function scrollUntilShown(section: Locator, content: Locator): Promise<void> {
  await expect(async () => {
    await section.scrollIntoViewIfNeeded();
    await expect(content).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 90_000 });
}
