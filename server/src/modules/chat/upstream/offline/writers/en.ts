import { codeLanguageLabel, codeSample } from '../codeSamples.js';
import { flowchart, stepsIn } from '../flowchart.js';
import { mathFormulaFor } from '../mathFormulas.js';
import type { Intent, Question } from '../question.js';
import { pick, pickSome } from '../variation.js';
import { short } from '../text.js';
import { quotedPassages, type AnswerContext, type Writer } from './writer.js';

const LEADS: Record<Intent, (question: Question) => string[]> = {
  general: () => [
    'it is worth a structured look: the concept, the key points and how to apply them',
    'the quickest way in is to get the core concept first, then the key points and common pitfalls',
    'here is the overall picture first, then the key points in detail',
  ],
  code: (q) => [`here is a ${codeLanguageLabel(q.codeLanguage)} example, with the approach and how to use it`],
  math: () => ['here is the key formula first, then the reasoning behind it and how to apply it', 'the key formula comes first, then a step-by-step way to use it'],
  compare: (q) => [q.pair ? `here is how “${q.pair[0]}” and “${q.pair[1]}” compare along a few key dimensions` : 'here are the dimensions worth comparing, in one table'],
  diagram: (q) => [`here is a mermaid flowchart of the main steps of ${q.subject}`],
};

function continuation(question: Question): string {
  if (question.previousTopic) return `continuing from “${question.previousTopic}”, `;
  return question.continues ? 'continuing our conversation, ' : '';
}

function general({ question: q, cite }: AnswerContext): string {
  const s = q.subject;
  const definition = pick(
    [
      'is best understood from three angles: background, principles and applications',
      'involves several related ideas, so it pays to build the overall picture before the details',
      'has both a theoretical meaning and a practical side',
    ],
    q.seed,
    11,
  );
  const extra = pick(
    [
      `> Tip: when learning about ${s}, restate the core idea in your own words and check it against one concrete example — the fastest test of understanding.`,
      ['```text', s, '├── background and definition', '├── core principles', '├── typical applications', '└── common pitfalls', '```'].join('\n'),
    ],
    q.seed,
    12,
  );
  return `## ${s}: an overview

In short, ${s} ${definition}${cite(2)}. The key is to know what problem it solves, what it assumes, and where it stops applying.

### Key points

- **What it is**: define ${s} in one sentence and mark its boundary with related ideas.
- **Why it matters**: the background it came from and what earlier approaches could not do well.
- **How to apply it**: set the goal, break it into steps, check the result.
- **What to watch**: its preconditions and common pitfalls — one success story is not a general rule${cite(3)}.

### At a glance

| Aspect | Key point |
|---|---|
| Core concept | Definition, parts and boundaries |
| Where it fits | The conditions under which it works best |
| Common pitfalls | Confusing related ideas, ignoring preconditions |
| Learning path | Framework first, then details, with examples |

${extra}`;
}

function code({ question: q, cite }: AnswerContext): string {
  const { fence, label, code } = codeSample(q.codeLanguage, {
    header: `Example: ${q.subject} (a runnable skeleton)`,
    clean: 'Clean the input: drop blanks and invalid values',
    core: 'Core step: de-duplicate and sort here; replace with your own logic',
    example: 'Example call',
  });
  return `## Approach

1. **Prepare the data**: clean the input first so bad values do not leak into the result.
2. **Core step**: the example de-duplicates and sorts; for ${q.subject}, replace this step with the real logic.
3. **Output**: call it on a small sample and check the output.

## ${label} example

\`\`\`${fence}
${code}
\`\`\`

## Notes

- The skeleton runs as is; replace the core step gradually.
- Sorting dominates the cost, about \`O(n log n)\`; for very large inputs consider streaming or batching${cite(2)}.
- Add unit tests for the edge cases: empty input, duplicates, very long input.`;
}

function math({ question: q, cite }: AnswerContext): string {
  const formula = mathFormulaFor(q.topic);
  return `## ${formula.name.en}

${formula.meaning.en} Key notation: $${formula.inline}$${cite(2)}.

$$
${formula.block}
$$

### Steps

1. Write down what is known and what is asked, with consistent notation.
2. Check the conditions under which the formula applies.
3. Substitute and compute, keeping the intermediate steps.
4. Check the result by substituting back or estimating.

### Example

$$
${formula.example}
$$

For ${q.subject}, follow the same steps with your own numbers.`;
}

function compare({ question: q, cite }: AnswerContext): string {
  const [a, b] = q.pair ?? [q.subject, 'the alternatives'];
  return `## ${a} vs ${b}: what to compare

| Dimension | What to compare | How to judge |
|---|---|---|
| Purpose | The problem each was built to solve | Read the official introductions and design docs |
| Learning curve | Prerequisites and the amount of learning material | Try the same small task with both |
| Performance | Speed and resource use under a typical load | Benchmark on your own data |
| Ecosystem | Community, tools and third-party libraries | Look at release cadence and Q&A activity |
| Best fit | What each is good and bad at | Score each against your requirements |

## How to choose

- List your hard requirements (performance, cost, team experience) and go through the table${cite(2)}.
- Neither is better in general: ${a} vs ${b} depends on the use case.
- When you can, confirm the choice with a small pilot.`;
}

function diagram({ question: q, cite }: AnswerContext): string {
  const s = short(q.subject, 20);
  const listed = stepsIn(q.detail ?? q.subject);
  const steps = listed.length > 0 ? listed : [`Define the goal of ${s}`, 'Gather the inputs', `Carry out ${s}`, 'Record and summarise the result'];
  const chart = flowchart(steps, { start: 'Start', end: 'Done', check: 'Result as expected?', yes: 'yes', no: 'no' });
  return `## Flowchart: ${q.subject}

\`\`\`mermaid
${chart}
\`\`\`

### The steps

${steps.map((step, index) => `${index + 1}. **${step}**`).join('\n')}

The decision node checks the result: done when it is as expected, otherwise back to the first step${cite(2)}.`;
}

const REASONING: Record<Intent, (q: Question) => string> = {
  general: (q) => `This is a conceptual question. A good answer defines ${q.subject}, lists the key points, and ends with a small summary table.`,
  code: (q) => `This is a programming question, so the answer needs runnable ${codeLanguageLabel(q.codeLanguage)} code: the approach first, then the code, then complexity and testing notes.`,
  math: (q) => `This is a math question about ${mathFormulaFor(q.topic).name.en.toLowerCase()}. Write the key formula, state when it applies, then give the steps and an example.`,
  compare: (q) =>
    q.pair
      ? `The user wants to compare ${q.pair[0]} and ${q.pair[1]}. A table along purpose, learning curve, performance, ecosystem and best fit is the clearest.`
      : 'The user wants a comparison. Pick the dimensions first, then tabulate what to look at and how to judge each.',
  diagram: (q) => `The user wants a flowchart. Break ${q.subject} into ordered steps, add a decision node that checks the result, and draw it as a mermaid flowchart.`,
};

const FOLLOW_UPS: Record<Intent, (s: string, q: Question) => string[]> = {
  general: (s) => [`What is the basic principle behind ${s}?`, `Can you give a real-world example of ${s}?`, `What are common misconceptions about ${s}?`, `Where is ${s} typically used?`, `How does ${s} differ from related ideas?`],
  code: (s, q) => [`Can the ${codeLanguageLabel(q.codeLanguage)} code be made faster?`, `How do I write unit tests for ${s}?`, `Can you implement ${s} in another language?`, `Which edge cases does ${s} need to handle?`, 'What should I watch for in production?'],
  math: (s) => [`Can you show the full derivation for ${s}?`, `Where is ${s} used in practice?`, `Can you give me an exercise on ${s}?`, 'When does this formula apply?', 'Is there a geometric intuition for it?'],
  compare: (s, q) => {
    const [a, b] = q.pair ?? [s, 'the alternatives'];
    return [`When should I choose ${a}?`, `Can ${a} and ${b} be used together?`, `What should I watch for when moving from ${a} to ${b}?`, `What else is there besides ${a} and ${b}?`];
  },
  diagram: (s) => [`Which step of ${s} is the most error-prone?`, 'Can you turn this into a sequence diagram?', `How can the efficiency of ${s} be measured?`, 'Can you add an owner and a deadline to each step?'],
};

/** p. 3, pp. 3–4. */
const pagesEn = (page: number | null | undefined, pageEnd?: number | null) => (page ? (pageEnd && pageEnd !== page ? `pp. ${page}–${pageEnd}` : `p. ${page}`) : '');

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const enWriter: Writer = {
  opening: ({ question: q, cite }) => `Regarding “${q.topic}”: ${capitalise(`${continuation(q)}${pick(LEADS[q.intent](q), q.seed, 1)}`)}${cite(1)}.`,
  bodies: { general, code, math, compare, diagram },
  introduction: (name, first) => `I am “${name}”, happy to help.${first ? ` You can ask me: “${first}”` : ''}`,
  knowledgeAnswer: ({ question: q }, { title, passages, kind }) =>
    kind === 'document'
      ? passages.length === 0
        ? `The document “${title}” has nothing on “${q.topic}”. Try other words, or wait until the document is read.`
        : [`From the document “${title}”, on “${q.topic}”:`, ...quotedPassages(passages, (_name, passage) => `— ${pagesEn(passage.page, passage.pageEnd)}`), 'Quoted from the document; the references below open the pages.'].join('\n\n')
      : passages.length === 0
      ? `The knowledge base “${title}” has nothing on “${q.topic}”. Try other words, or check that the documents are uploaded and show “Done”.`
      : [
          kind === 'web' ? `From the web results for “${title}”, on “${q.topic}”:` : `From the knowledge base “${title}”, on “${q.topic}”:`,
          ...quotedPassages(passages, (name, passage) => `— ${name}${passage.page ? `, ${pagesEn(passage.page, passage.pageEnd)}` : ''}`),
          kind === 'web' ? 'These are quotations from the results\' summaries; open a reference below to read the page.' : 'These are quotations from the knowledge base; open a reference below to read the whole passage.',
        ].join('\n\n'),
  closing: '> This answer was generated by the offline demo model so the product can be tried without a configured model service.',
  reasoning: ({ question: q }, referenceCount) =>
    [
      `The question is “${q.topic}”. ${REASONING[q.intent](q)}`,
      q.continues ? `This continues an earlier exchange${q.previousTopic ? ` about “${q.previousTopic}”` : ''}, so the answer should connect to it.` : '',
      referenceCount > 0 ? `${referenceCount} example sources came back; cite them as [1], [2] where they are used.` : '',
      'Finally, check that the answer covers the key points and prepare three follow-up directions.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  followUps: ({ question: q }) => pickSome(FOLLOW_UPS[q.intent](short(q.subject, 40), q), 3, q.seed, 21),
  references: ({ question: q }) => {
    const s = short(q.subject, 40);
    const query = encodeURIComponent(q.subject);
    return [
      { title: `${s} - Wikipedia (example link)`, url: `https://en.wikipedia.org/wiki/${encodeURIComponent(q.subject.replace(/ /g, '_'))}`, abstract: `示例来源 (example source): an encyclopedia overview of ${s}. The offline demo model does not search the web.` },
      { title: `${s}: a beginner's guide (example)`, url: `https://example.com/search?q=${query}`, abstract: `示例来源 (example source): the basic concepts of ${s} and first steps.` },
      { title: `${s}: frequently asked questions (example)`, url: `https://example.org/faq?topic=${query}`, abstract: `示例来源 (example source): common questions about ${s}.` },
      { title: `${s} in practice (example)`, url: `https://example.net/cases?q=${query}`, abstract: `示例来源 (example source): case studies of ${s}.` },
      { title: `Discussions about ${s} (example)`, url: `https://example.com/discussions?q=${query}`, abstract: `示例来源 (example source): experience shared by the community.` },
    ];
  },
};
