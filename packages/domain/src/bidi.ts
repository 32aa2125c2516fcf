/**
 * Unicode's bidirectional controls: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). Invisible, and able to show a title or a
 * name in another order than it is stored ("‮fdp.exe" reads "exe.pdf"), so none of them is kept in
 * what people type as a title or a name.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The text without its bidirectional controls. */
export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}
