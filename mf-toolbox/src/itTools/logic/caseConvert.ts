import { camelCase, capitalCase, constantCase, dotCase, kebabCase, pascalCase, sentenceCase, snakeCase } from 'change-case';

export const CASES = {
  camel: camelCase,
  pascal: pascalCase,
  snake: snakeCase,
  kebab: kebabCase,
  constant: constantCase,
  title: capitalCase,
  dot: dotCase,
  sentence: sentenceCase,
  lower: (s: string) => s.toLowerCase(),
  upper: (s: string) => s.toUpperCase(),
} as const;

export type CaseName = keyof typeof CASES;
export const CASE_NAMES = Object.keys(CASES) as CaseName[];

/** Each line converted on its own, so a list of names converts as a list. */
export function convertCase(text: string, to: CaseName): string {
  return text
    .split('\n')
    .map((line) => CASES[to](line))
    .join('\n');
}
