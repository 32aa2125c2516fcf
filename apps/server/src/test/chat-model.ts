import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in flags: a listing whose texts contain this phrase breaks the hacking rule. */
export const PLANTED_PHRASE = 'harvest passwords from the victim';

export interface ChatCall {
  authorization: string | undefined;
  model: string;
  system: string;
  user: string;
}

/** How the stand-in answers: a verdict read from the texts, or a failure of one kind. */
export type ChatMode = 'verdict' | 'status-503' | 'bad-json' | 'no-choices' | 'hang';

/**
 * A stand-in for an OpenAI-compatible chat completions endpoint (`POST /v1/chat/completions`,
 * `Authorization: Bearer`, `messages`; the answer in `choices[0].message.content`). Its verdict is
 * driven by the request: the user message containing PLANTED_PHRASE is flagged `high`, anything else
 * is `ok`. A wrong key gets 401. It records every call and can be told to fail.
 */
export function startChatModelStandIn(options: { apiKey: string }) {
  const calls: ChatCall[] = [];
  let mode: ChatMode = 'verdict';
  const hanging = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const input = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const call: ChatCall = {
        authorization: request.headers.authorization,
        model: input.model,
        system: input.messages.find((message) => message.role === 'system')?.content ?? '',
        user: input.messages.find((message) => message.role === 'user')?.content ?? '',
      };
      calls.push(call);
      const json = (status: number, value: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (call.authorization !== `Bearer ${options.apiKey}`) {
        json(401, { error: { message: 'Incorrect API key provided' } });
        return;
      }
      if (mode === 'hang') {
        hanging.add(response);
        return;
      }
      if (mode === 'status-503') return json(503, { error: { message: 'overloaded' } });
      if (mode === 'no-choices') return json(200, { object: 'chat.completion', choices: [] });
      const content =
        mode === 'bad-json'
          ? '{"verdict": "flag", "severity": '
          : call.user.toLowerCase().includes(PLANTED_PHRASE)
            ? JSON.stringify({
                verdict: 'flag',
                severity: 'high',
                reason: 'The description offers to harvest passwords, which the hacking rule forbids.',
              })
            : JSON.stringify({ verdict: 'ok', reason: 'No rule is broken.' });
      json(200, {
        id: `chatcmpl-${calls.length}`,
        object: 'chat.completion',
        model: input.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      });
    });
  });
  return {
    calls,
    setMode: (next: ChatMode) => (mode = next),
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`),
        ),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
      }),
  };
}
