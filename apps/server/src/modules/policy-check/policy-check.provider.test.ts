import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createChatCompletionsModel, parseVerdict, PolicyModelError } from './policy-check.provider.ts';

describe('reading the model’s verdict', () => {
  it('reads a verdict, also inside a code fence or after a sentence', () => {
    expect(parseVerdict('{"verdict":"ok","reason":"fine"}')).toEqual({
      verdict: 'ok',
      severity: null,
      reason: 'fine',
    });
    expect(
      parseVerdict('Here it is:\n```json\n{"verdict":"FLAG","severity":"High","reason":"spam"}\n```'),
    ).toEqual({ verdict: 'flag', severity: 'high', reason: 'spam' });
  });

  it('counts a flag without a known severity as medium and trims a long reason', () => {
    const verdict = parseVerdict(
      JSON.stringify({ verdict: 'flag', severity: 'critical', reason: 'x'.repeat(900) }),
    );
    expect(verdict.severity).toBe('medium');
    expect(verdict.reason).toHaveLength(500);
  });

  it('refuses an answer without a verdict', () => {
    for (const content of ['', 'I cannot help with that.', '{"verdict":', '{"verdict":"maybe"}', '[1,2]']) {
      expect(() => parseVerdict(content), content).toThrow(PolicyModelError);
    }
  });

  it('turns a model that does not answer in time into a PolicyModelError', async () => {
    const server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
    const model = createChatCompletionsModel({ url, apiKey: 'k', model: 'm', timeoutMs: 50 });
    await expect(model.check({ title: 't', description: 'd', notes: '' })).rejects.toThrow(
      'the model did not answer in time',
    );
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
