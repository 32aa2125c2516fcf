import { checkWorkflowText } from './check-workflow-text';

// Parsing and scanning a large export takes seconds of CPU; here it never holds the page.
self.onmessage = (event: MessageEvent<string>) => {
  self.postMessage(checkWorkflowText(event.data));
};
