import { z } from 'zod';
import { FAQ_MAX, FaqItem, ListingTranslationInput, Locale } from '@flowbay/domain';
import demoData from './demo-data.json';
import { USE_CASES } from './taxonomy.ts';

/**
 * The demo catalogue is content, so it lives in demo-data.json; this checks it on load (an unknown
 * use case, author or a missing field fails the start, as a type error would have).
 */
const DemoAuthor = z.object({ key: z.string().min(1), name: z.string(), email: z.string(), locale: Locale });

const useCaseIds = USE_CASES.map((useCase) => useCase.id);
const authorKey = z.string().min(1);

const DemoWorkflowSchema = z.object({
  /** A file of the export corpus of packages/workflow-formats. */
  file: z.string().min(1),
  title: z.string(),
  description: z.string(),
  /** Questions buyers ask, in the original language (the translation carries them in the other). */
  faq: z.array(FaqItem).max(FAQ_MAX).default([]),
  /** The language the title and description are written in. */
  language: z.enum(['en', 'vi']),
  /** The same listing in the other language, written by hand: every demo workflow reads well in both. */
  translation: ListingTranslationInput,
  price: z.number().int().nonnegative(),
  useCases: z.array(z.enum(useCaseIds)).min(1),
  author: authorKey,
  views: z.number().int().nonnegative(),
  /** Demo authors who favourite it (real rows, so counts stay true). */
  favouritedBy: z.array(authorKey),
  daysAgo: z.number().int().nonnegative(),
  testedWith: z.string().optional(),
});

const DemoData = z
  .object({ authors: z.array(DemoAuthor).min(1), workflows: z.array(DemoWorkflowSchema).min(1) })
  .superRefine((data, ctx) => {
    const keys = new Set(data.authors.map((author) => author.key));
    data.workflows.forEach((workflow, index) => {
      for (const key of [workflow.author, ...workflow.favouritedBy]) {
        if (!keys.has(key))
          ctx.addIssue({ code: 'custom', message: `unknown author ${key}`, path: ['workflows', index] });
      }
    });
  });

const parsed = DemoData.parse(demoData);

/** Demo authors: they own the demo catalogue and cannot sign in (no password). */
export const DEMO_AUTHORS = parsed.authors;
export type DemoWorkflow = z.infer<typeof DemoWorkflowSchema>;
export const DEMO_WORKFLOWS: DemoWorkflow[] = parsed.workflows;
