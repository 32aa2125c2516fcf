import { saveTextFile } from '@/lib/download';

/** Downloads a workflow file through the API (which checks the entitlement) and saves it under our name. */
export async function downloadWorkflowFile(fileUrl: string, fileName: string): Promise<void> {
  const response = await fetch(fileUrl, { credentials: 'include' });
  if (!response.ok) throw new Error(`download answered ${response.status}`);
  saveTextFile(fileName, await response.text());
}
