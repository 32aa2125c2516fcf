import type { TranslateInput } from '@flowbay/domain/translate';

/** Every query of the translate feature. */
export const translateKeys = {
  all: ['translate'] as const,
  status: () => [...translateKeys.all, 'status'] as const,
  texts: (target: TranslateInput['target'], texts: string[]) =>
    [...translateKeys.all, target, texts] as const,
};
