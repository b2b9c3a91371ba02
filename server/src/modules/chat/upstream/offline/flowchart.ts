import { short } from './text.js';

/** The words a flowchart needs besides its steps, in the answer's language. */
export interface FlowchartLabels {
  start: string;
  end: string;
  check: string;
  yes: string;
  no: string;
}

const MAX_STEPS = 6;
const MAX_LABEL = 24;
const STEP_SEPARATOR = /\s*(?:[、，,；;]|->|→|然后|接着|之后|(?<![a-z])then(?![a-z]))\s*/i;

/** Steps the subject lists itself ("注册、登录、下单" → three); fewer than two means it lists none. */
export function stepsIn(subject: string): string[] {
  const steps = subject.split(STEP_SEPARATOR).map((step) => step.trim()).filter((step) => step.length > 0);
  return steps.length >= 2 ? steps.slice(0, MAX_STEPS) : [];
}

/** A mermaid label: quoted, so brackets and punctuation are text; quotes as mermaid's entity. */
function label(text: string): string {
  return `"${short(text.replace(/[\r\n]+/g, ' ').trim(), MAX_LABEL).replace(/"/g, '#quot;')}"`;
}

/**
 * A top-down mermaid flowchart: start, the steps in order, a check that loops back to the first
 * step when it fails, end. Returns the body of a ```mermaid block.
 */
export function flowchart(steps: readonly string[], labels: FlowchartLabels): string {
  const ids = steps.map((_, index) => `S${index + 1}`);
  const lines = ['flowchart TD', `    start([${label(labels.start)}]) --> ${ids[0]}[${label(steps[0]!)}]`];
  for (let i = 1; i < steps.length; i++) lines.push(`    ${ids[i - 1]} --> ${ids[i]}[${label(steps[i]!)}]`);
  lines.push(
    `    ${ids.at(-1)} --> check{${label(labels.check)}}`,
    `    check -- ${labels.yes} --> finish([${label(labels.end)}])`,
    `    check -- ${labels.no} --> ${ids[0]}`,
  );
  return lines.join('\n');
}
