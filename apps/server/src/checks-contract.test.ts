import { SAFETY_CODES, SEVERITIES } from '@flowbay/domain';
import { SAFETY_RULE_CODES, SAFETY_SEVERITIES } from '@flowbay/workflow-formats';
import { describe, expect, it } from 'vitest';

/**
 * The safety check (workflow-formats) repeats the contract's codes and severities (domain) because
 * neither package depends on the other; the server, which uses both, holds them equal.
 */
describe('the safety check and the checks contract', () => {
  it('name the same codes (the contract adds only the language model’s policy finding)', () => {
    expect([...SAFETY_RULE_CODES, 'policy']).toEqual([...SAFETY_CODES]);
  });

  it('order the same severities', () => {
    expect([...SAFETY_SEVERITIES]).toEqual([...SEVERITIES]);
  });
});
