// Main process / plain Node. Scrubs the API key out of text a server (or a caller) produced before
// it reaches an error, a log or the renderer: the whole key, and any run of 8 or more consecutive
// characters of it, so a truncated or partly echoed key is caught too.
const MIN_RUN = 8;
const MARK = '[redacted]';

export type Redactor = (text: string) => string;

export function createRedactor(key: string): Redactor {
  if (key.length < 4) return (text) => text;
  if (key.length < MIN_RUN) return (text) => text.split(key).join(MARK);
  const grams = new Set<string>();
  for (let i = 0; i + MIN_RUN <= key.length; i++) grams.add(key.slice(i, i + MIN_RUN));
  return (text) => {
    if (text.length < MIN_RUN) return text;
    // Every 8-character window of a run of the key is one of its 8-grams: mark them, merge, cut.
    const hidden = new Uint8Array(text.length);
    let any = false;
    for (let i = 0; i + MIN_RUN <= text.length; i++) {
      if (grams.has(text.slice(i, i + MIN_RUN))) {
        hidden.fill(1, i, i + MIN_RUN);
        any = true;
      }
    }
    if (!any) return text;
    let out = '';
    for (let i = 0; i < text.length; i++) {
      if (hidden[i] === 0) out += text[i];
      else if (i === 0 || hidden[i - 1] === 0) out += MARK;
    }
    return out;
  };
}
