import type { CodeLanguage } from './question.js';

/** The comment lines of a sample, in the answer's language. */
export interface CodeComments {
  /** First line: what the sample is for (names the question's subject). */
  header: string;
  clean: string;
  core: string;
  example: string;
}

export interface CodeSample {
  /** The info string of the fence (```python). */
  fence: string;
  /** How the answer names the language. */
  label: string;
  code: string;
}

type Template = (c: CodeComments) => string;

/**
 * One runnable skeleton per language: clean the input, drop duplicates, sort, and an example call.
 * The offline model cannot write code for an arbitrary task; a correct, idiomatic skeleton that the
 * answer says to adapt is the honest demo.
 */
const TEMPLATES: Record<CodeLanguage, { fence: string; label: string; template: Template }> = {
  python: {
    fence: 'python',
    label: 'Python',
    template: (c) => `# ${c.header}
def solve(items: list[str]) -> list[str]:
    # ${c.clean}
    cleaned = [item.strip() for item in items if item and item.strip()]
    # ${c.core}
    return sorted(set(cleaned))


if __name__ == "__main__":
    # ${c.example}
    print(solve(["banana", "apple", "banana", " cherry "]))`,
  },
  javascript: {
    fence: 'javascript',
    label: 'JavaScript',
    template: (c) => `// ${c.header}
function solve(items) {
  // ${c.clean}
  const cleaned = items.map((item) => String(item).trim()).filter(Boolean);
  // ${c.core}
  return [...new Set(cleaned)].sort();
}

// ${c.example}
console.log(solve(['banana', 'apple', 'banana', ' cherry ']));`,
  },
  typescript: {
    fence: 'typescript',
    label: 'TypeScript',
    template: (c) => `// ${c.header}
export function solve(items: readonly string[]): string[] {
  // ${c.clean}
  const cleaned = items.map((item) => item.trim()).filter((item) => item.length > 0);
  // ${c.core}
  return [...new Set(cleaned)].sort();
}

// ${c.example}
console.log(solve(['banana', 'apple', 'banana', ' cherry ']));`,
  },
  java: {
    fence: 'java',
    label: 'Java',
    template: (c) => `// ${c.header}
import java.util.List;
import java.util.TreeSet;

public class Solution {
    static List<String> solve(List<String> items) {
        TreeSet<String> result = new TreeSet<>();
        for (String item : items) {
            // ${c.clean}
            if (item != null && !item.isBlank()) {
                // ${c.core}
                result.add(item.trim());
            }
        }
        return List.copyOf(result);
    }

    public static void main(String[] args) {
        // ${c.example}
        System.out.println(solve(List.of("banana", "apple", "banana", " cherry ")));
    }
}`,
  },
  go: {
    fence: 'go',
    label: 'Go',
    template: (c) => `// ${c.header}
package main

import (
	"fmt"
	"sort"
	"strings"
)

func solve(items []string) []string {
	seen := map[string]bool{}
	result := []string{}
	for _, item := range items {
		// ${c.clean}
		item = strings.TrimSpace(item)
		if item == "" || seen[item] {
			continue
		}
		// ${c.core}
		seen[item] = true
		result = append(result, item)
	}
	sort.Strings(result)
	return result
}

func main() {
	// ${c.example}
	fmt.Println(solve([]string{"banana", "apple", "banana", " cherry "}))
}`,
  },
  rust: {
    fence: 'rust',
    label: 'Rust',
    template: (c) => `// ${c.header}
use std::collections::BTreeSet;

fn solve(items: &[&str]) -> Vec<String> {
    items
        .iter()
        // ${c.clean}
        .map(|item| item.trim())
        .filter(|item| !item.is_empty())
        .map(String::from)
        // ${c.core}
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect()
}

fn main() {
    // ${c.example}
    println!("{:?}", solve(&["banana", "apple", "banana", " cherry "]));
}`,
  },
  cpp: {
    fence: 'cpp',
    label: 'C++',
    template: (c) => `// ${c.header}
#include <iostream>
#include <set>
#include <string>
#include <vector>

std::vector<std::string> solve(const std::vector<std::string>& items) {
    std::set<std::string> unique;
    for (const auto& item : items) {
        // ${c.clean}
        if (!item.empty()) unique.insert(item);
    }
    // ${c.core}
    return {unique.begin(), unique.end()};
}

int main() {
    // ${c.example}
    for (const auto& item : solve({"banana", "apple", "banana", "cherry"})) std::cout << item << '\\n';
}`,
  },
  c: {
    fence: 'c',
    label: 'C',
    template: (c) => `// ${c.header}
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int compare(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

size_t solve(const char **items, size_t count) {
    // ${c.core}
    qsort(items, count, sizeof *items, compare);
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        // ${c.clean}
        if (kept == 0 || strcmp(items[kept - 1], items[i]) != 0) items[kept++] = items[i];
    }
    return kept;
}

int main(void) {
    // ${c.example}
    const char *items[] = {"banana", "apple", "banana", "cherry"};
    size_t kept = solve(items, sizeof items / sizeof *items);
    for (size_t i = 0; i < kept; i++) printf("%s\\n", items[i]);
    return 0;
}`,
  },
  csharp: {
    fence: 'csharp',
    label: 'C#',
    template: (c) => `// ${c.header}
using System;
using System.Linq;

static string[] Solve(string[] items) =>
    items
        // ${c.clean}
        .Select(item => item.Trim())
        .Where(item => item.Length > 0)
        // ${c.core}
        .Distinct()
        .OrderBy(item => item, StringComparer.Ordinal)
        .ToArray();

// ${c.example}
Console.WriteLine(string.Join(", ", Solve(new[] { "banana", "apple", "banana", " cherry " })));`,
  },
  sql: {
    fence: 'sql',
    label: 'SQL',
    template: (c) => `-- ${c.header}
SELECT category,
       COUNT(*)    AS total,
       AVG(amount) AS average_amount
FROM records
-- ${c.clean}
WHERE amount IS NOT NULL
GROUP BY category
-- ${c.core}
HAVING COUNT(*) > 1
ORDER BY total DESC;`,
  },
  bash: {
    fence: 'bash',
    label: 'Bash',
    template: (c) => `#!/usr/bin/env bash
# ${c.header}
set -euo pipefail

solve() {
  # ${c.clean}
  printf '%s\\n' "$@" | sed 's/^ *//; s/ *$//' | grep -v '^$' |
    # ${c.core}
    sort -u
}

# ${c.example}
solve banana apple banana " cherry "`,
  },
};

export const codeLanguageLabel = (language: CodeLanguage) => TEMPLATES[language].label;

/** Comments are single lines: a newline in the subject would end the comment. */
const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

export function codeSample(language: CodeLanguage, comments: CodeComments): CodeSample {
  const { fence, label, template } = TEMPLATES[language];
  const safe: CodeComments = {
    header: oneLine(comments.header),
    clean: oneLine(comments.clean),
    core: oneLine(comments.core),
    example: oneLine(comments.example),
  };
  return { fence, label, code: template(safe) };
}
