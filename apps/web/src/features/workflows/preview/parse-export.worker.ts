import { boundedExport } from './bounded-export';

// Parsing a large export takes seconds of CPU; here it never holds the page.
self.onmessage = (event: MessageEvent<string>) => {
  self.postMessage(boundedExport(event.data));
};
