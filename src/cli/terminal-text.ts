// C0 controls (ESC, BEL, CR, LF...), DEL and C1 controls (CSI 0x9b among them): any of them lets text
// a server chose move the cursor, retitle the window or clear the screen.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * @internal Text that came from a server, a file or a user, made safe to print on one terminal line:
 * each control character shown as its `\u00XX` escape. JSON output needs none of this (JSON escapes them).
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
