import { parseWorkflowExport, type ParseResult } from '@flowbay/workflow-formats';

/** Fetches the free file behind `file_url` and parses it in the browser. */
export async function loadExport(
  fileUrl: string,
  signal?: AbortSignal,
): Promise<{ text: string; result: ParseResult }> {
  const response = await fetch(fileUrl, { credentials: 'include', signal });
  if (!response.ok) throw new Error(`file answered ${response.status}`);
  const text = await response.text();
  return { text, result: parseWorkflowExport(text) };
}
