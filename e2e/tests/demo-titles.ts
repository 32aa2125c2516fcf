import { readFileSync } from 'node:fs';
import type { UiLanguage } from './fixtures';

/** The demo catalogue's listings, each written in its original language with a translation. */
export interface DemoWorkflow {
  title: string;
  language: UiLanguage;
  translation: { title: string };
}

export const DEMO_WORKFLOWS = (
  JSON.parse(
    readFileSync(new URL('../../apps/server/src/db/seed/demo-data.json', import.meta.url), 'utf8'),
  ) as { workflows: DemoWorkflow[] }
).workflows;

/** A demo listing's title as a visitor reading `language` sees it. */
export function demoTitleIn(workflow: DemoWorkflow, language: UiLanguage): string {
  return workflow.language === language ? workflow.title : workflow.translation.title;
}

/** The title a visitor reading `language` sees for the demo listing named `title` in either language. */
export function demoTitle(title: string, language: UiLanguage): string {
  const workflow = DEMO_WORKFLOWS.find((item) => item.title === title || item.translation.title === title);
  if (!workflow) throw new Error(`no demo workflow is called "${title}"`);
  return demoTitleIn(workflow, language);
}
