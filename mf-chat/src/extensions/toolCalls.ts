/** The arguments as shown: pretty-printed JSON when they parse, else the text as the model wrote it. */
export function shownArguments(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A call's duration: one decimal under 10 s, whole seconds above; a call faster than the tenth the server measures in reads <0.1. */
export function shownSeconds(seconds: number): string {
  if (seconds < 0.1) return '<0.1';
  return seconds < 10 ? String(Math.round(seconds * 10) / 10) : String(Math.round(seconds));
}
