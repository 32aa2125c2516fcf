import { boundedExport } from './bounded-export';

// Parsing a large export takes seconds of CPU; here it never holds the page.
self.onmessage = (event: MessageEvent<{ text: string; settings: boolean }>) => {
  self.postMessage(boundedExport(event.data.text, { settings: event.data.settings }));
};
