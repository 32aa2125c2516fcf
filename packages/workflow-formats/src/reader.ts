import type { ParseOptions, Warning, WorkflowGraph } from './model.ts';
import type { JsonRecord } from './shared.ts';

/** What the secret scan hands a reader to walk its document's nodes with. */
export interface SecretWalk {
  /** Scans `fields` of one raw node; `name` and `nodeId` say where a finding is. */
  visit(
    graph: WorkflowGraph | undefined,
    node: JsonRecord,
    name: string,
    nodeId: string | undefined,
    fields: string[],
  ): void;
  /** The parsed graph's name for a node id, or `fallback`. */
  nameOf(graph: WorkflowGraph | undefined, id: string | undefined, fallback: string): string;
}

/**
 * One platform's reader. `Document` is what `detect` recognises in a JSON value (wrappers such as
 * `{ "data": … }` are already taken off) and what the other hooks read.
 */
export interface PlatformReader<Document> {
  /** The platform's document in `value`, or `undefined` when `value` is not its export. */
  detect(value: unknown): Document | undefined;
  /** Nodes in the raw document, counted before any is read, so an oversized file costs no more. */
  countNodes(document: Document): number;
  /** The graphs of the document; problems become `warnings`, never exceptions. */
  parse(document: Document, warnings: Warning[], options: ParseOptions): WorkflowGraph[];
  /** Visits every node whose settings may hold a pasted secret (`workflows` is `parse`'s answer). */
  walkSecrets(document: Document, workflows: WorkflowGraph[], walk: SecretWalk): void;
}
