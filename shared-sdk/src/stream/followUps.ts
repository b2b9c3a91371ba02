// "1. x" and "1.x" lose their numbering; "1.5 倍…" (a number, not a numbering) and "2、x" do not.
const NUMBERING = /^[123]\.(?!\d)/;

/** Suggestions of a follow_up chunk: separated by "&&", trimmed, without a leading "1." "2." "3.". */
export function parseFollowUps(content: string): string[] {
  return content
    .split('&&')
    .map((item) => item.trim().replace(NUMBERING, '').trim())
    .filter((item) => item !== '');
}
