// The answers the render benchmark shows: one long streamed answer and the seeded conversations'
// answers. Each ends with a plain sentence (no markdown syntax, so any renderer keeps it verbatim)
// that the page checks for to know the answer's end is on screen.

/** String.raw (LaTeX keeps its backslashes) where \` still writes a backtick. */
const markdown = (strings: TemplateStringsArray, ...values: unknown[]) => String.raw(strings, ...values).replaceAll('\\`', '`');

/** The last sentence of the streamed answer. */
export const STREAM_CLOSING = '以上就是排序算法从原理到工程实践的完整说明，祝你编码顺利。';

/**
 * A ~2,000-token markdown answer (o200k): headings, ordered, bullet and nested lists, a table,
 * two fenced code blocks (Python and TypeScript), inline and block math, a quote.
 */
export const STREAM_ANSWER = markdown`# 排序算法：原理、复杂度与工程实践

排序是最基础、也最常被低估的算法问题。几乎每个系统都在排序：数据库的 \`ORDER BY\`、搜索结果的相关度排名、日志按时间归并、前端表格的列排序。理解排序，不只是背下几种算法，而是学会用**复杂度**去推理，用**数据特征**去选择，用**测试**去验证。下面按“为什么 → 怎么分析 → 怎么选 → 怎么写 → 怎么用”的顺序展开。

## 一、为什么还要认真学排序

- **它是分治、递归和随机化思想的最佳入门**：快速排序和归并排序把这些思想体现得非常清楚。
- **它决定了很多系统的性能上限**：一次不当的排序可能让接口延迟从几毫秒变成几秒。
- **它是面试和代码评审中的常客**：稳定性、最坏情况、额外空间，都是容易被追问的细节。
- **标准库并不总是够用**：海量数据、外部存储、多字段排序和部分有序数据，都需要你自己做判断。

## 二、复杂度分析的基本工具

衡量排序算法时，最常用的是比较次数和额外空间。对 $n$ 个互不相同的元素，任何基于比较的排序都要区分 $n!$ 种可能的排列，而每次比较最多把可能性分成两半，因此比较次数的下界是：

$$
\log_2(n!) = \sum_{k=1}^{n} \log_2 k \;\ge\; \frac{n}{2}\log_2\frac{n}{2} = \Omega(n \log n)
$$

这说明 $O(n \log n)$ 已经是比较排序的最优量级。想要突破这个界限，就必须利用数据本身的特征，例如计数排序利用取值范围 $k$，时间复杂度是 $O(n + k)$；基数排序按位处理，复杂度是 $O(d \cdot (n + b))$，其中 $d$ 是位数，$b$ 是基数。

分析分治算法时，递推式是最常用的工具。设规模为 $n$ 的问题被分成 $a$ 个规模为 $n/b$ 的子问题，合并代价为 $f(n)$，则：

$$
T(n) = a\,T\!\left(\frac{n}{b}\right) + f(n)
$$

当 $f(n) = \Theta(n^{\log_b a})$ 时，主定理给出 $T(n) = \Theta(n^{\log_b a}\log n)$。归并排序正好是 $a = b = 2$、$f(n) = \Theta(n)$ 的情形，所以 $T(n) = \Theta(n \log n)$。

## 三、常见算法一览

| 算法 | 平均时间 | 最坏时间 | 额外空间 | 稳定 | 适合的场景 |
|---|---|---|---|---|---|
| 插入排序 | $O(n^2)$ | $O(n^2)$ | $O(1)$ | 是 | 小数组、基本有序的数据 |
| 快速排序 | $O(n \log n)$ | $O(n^2)$ | $O(\log n)$ | 否 | 内存中的通用排序 |
| 归并排序 | $O(n \log n)$ | $O(n \log n)$ | $O(n)$ | 是 | 需要稳定、链表、外部排序 |
| 堆排序 | $O(n \log n)$ | $O(n \log n)$ | $O(1)$ | 否 | 内存紧张、需要最坏保证 |
| 计数排序 | $O(n + k)$ | $O(n + k)$ | $O(k)$ | 是 | 取值范围小的整数 |
| Timsort | $O(n \log n)$ | $O(n \log n)$ | $O(n)$ | 是 | 真实数据中常见的部分有序 |

表中的“稳定”指相等元素排序后保持原来的相对顺序；多字段排序时，先按次要字段排，再按主要字段排，就能得到正确的多级排序。

## 四、快速排序：随机化的分治

快速排序的思路可以概括为三步：

1. **选择基准**：随机选一个元素作为基准（pivot），避免有序输入导致的最坏情况。
2. **三路划分**：把数组分成小于、等于、大于基准的三部分，大量重复元素时效率更高。
3. **递归处理**：只对“小于”和“大于”两部分递归，“等于”部分已经就位。

\`\`\`python
import random


def quick_sort(items: list[int]) -> list[int]:
    """三路划分的随机快速排序，返回新列表，不修改输入。"""
    if len(items) <= 1:
        return list(items)
    pivot = random.choice(items)
    less = [x for x in items if x < pivot]
    equal = [x for x in items if x == pivot]
    greater = [x for x in items if x > pivot]
    return quick_sort(less) + equal + quick_sort(greater)


if __name__ == "__main__":
    data = [38, 27, 43, 3, 9, 82, 10, 27, 3]
    print(quick_sort(data))  # [3, 3, 9, 10, 27, 27, 38, 43, 82]
\`\`\`

随机选择基准之后，期望比较次数可以精确计算，其中 $H_n = \sum_{k=1}^{n} \frac{1}{k}$ 是调和数：

$$
\mathbb{E}[C_n] = 2(n+1)H_n - 4n \approx 1.39\, n \log_2 n
$$

快速排序的常数因子略大，但它对缓存友好，实际运行往往更快。

## 五、归并排序：稳定且可预测

归并排序先把数组不断对半拆分，再把两个有序的半段合并起来。它的最坏情况也是 $O(n \log n)$，而且是稳定的，因此很多语言的标准库在对象排序时使用它的变体。

\`\`\`typescript
/** 稳定的归并排序：相等元素保持原来的先后顺序。 */
export function mergeSort<T>(items: readonly T[], compare: (a: T, b: T) => number): T[] {
  if (items.length <= 1) return [...items];
  const middle = Math.floor(items.length / 2);
  const left = mergeSort(items.slice(0, middle), compare);
  const right = mergeSort(items.slice(middle), compare);
  const merged: T[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) {
    // 用 <= 而不是 <：左半段的相等元素先输出，这正是稳定性的来源。
    if (compare(left[i]!, right[j]!) <= 0) merged.push(left[i++]!);
    else merged.push(right[j++]!);
  }
  return merged.concat(left.slice(i), right.slice(j));
}

const orders = [
  { id: 1, amount: 30 },
  { id: 2, amount: 10 },
  { id: 3, amount: 30 },
];
console.log(mergeSort(orders, (a, b) => a.amount - b.amount).map((o) => o.id)); // [2, 1, 3]
\`\`\`

合并两个长度分别为 $m$ 和 $n$ 的有序数组，最多需要 $m + n - 1$ 次比较，这就是递推式里线性的合并代价。

## 六、工程实践中的取舍

- **优先使用标准库**：
  - Python 的 \`sorted\` 和 Java 的对象排序使用 Timsort，对部分有序的数据特别快。
  - C++ 的 \`std::sort\` 使用内省排序，在递归过深时切换到堆排序，保证最坏 $O(n \log n)$。
- **数据放不进内存时**：先分块排序写入磁盘，再做多路归并；用大小为 $k$ 的最小堆，每次归并的代价是 $O(\log k)$。
- **只需要前 $k$ 个时**：不要全量排序，用堆或快速选择，复杂度可以降到 $O(n \log k)$ 或期望 $O(n)$。
- **比较函数要满足全序**：自反、反对称、传递，否则结果可能不确定，甚至在某些实现中抛出异常。

> 经验法则：先写出正确、可测试的版本，用真实规模的数据做基准测试，再决定是否需要手写优化。

## 七、小结

排序问题的核心，是在时间、空间、稳定性和实现复杂度之间做权衡。记住比较排序的下界 $\Omega(n \log n)$，理解快速排序和归并排序各自的优势，再结合数据的规模与特征做选择，绝大多数排序问题都能处理好。

${STREAM_CLOSING}`;

const SEED_TOPICS = [
  { name: '二分查找', complexity: String.raw`O(\log n)`, formula: String.raw`\text{mid} = \left\lfloor \frac{lo + hi}{2} \right\rfloor,\quad T(n) = T\!\left(\frac{n}{2}\right) + O(1)` },
  { name: '前缀和', complexity: String.raw`O(1)`, formula: String.raw`S_i = \sum_{k=1}^{i} a_k,\quad \sum_{k=l}^{r} a_k = S_r - S_{l-1}` },
  { name: '快速幂', complexity: String.raw`O(\log e)`, formula: String.raw`b^{e} = \begin{cases} \left(b^{e/2}\right)^2 & e \text{ 为偶数} \\ b \cdot b^{e-1} & e \text{ 为奇数} \end{cases}` },
  { name: '动态规划求斐波那契数', complexity: String.raw`O(n)`, formula: String.raw`F_n = F_{n-1} + F_{n-2},\quad F_n = \frac{\varphi^n - \psi^n}{\sqrt{5}}` },
  { name: '欧几里得算法', complexity: String.raw`O(\log \min(a, b))`, formula: String.raw`\gcd(a, b) = \gcd(b,\ a \bmod b),\quad \gcd(a, 0) = a` },
] as const;

/** The user's question of turn `turn` (1-based) of a seeded conversation. */
export function seedQuestion(turn: number): string {
  return `第 ${turn} 个问题：请讲讲${SEED_TOPICS[turn % SEED_TOPICS.length]!.name}，并给出代码和公式。`;
}

/** The last sentence of the answer of turn `turn`: unique within a conversation. */
export const seedClosing = (turn: number) => `第 ${turn} 轮回答到此结束。`;

/** A ~500-token answer (o200k) with a heading, a list, inline math, a code block and a block formula. */
export function seedAnswer(turn: number): string {
  const topic = SEED_TOPICS[turn % SEED_TOPICS.length]!;
  const size = 1000 + turn;
  return `## ${topic.name}（第 ${turn} 轮）

${topic.name}是一个经典的基础算法，单次查询或计算的复杂度是 $${topic.complexity}$。理解它的关键在于弄清**不变量**：每一步之后，哪些性质始终成立，以及循环在什么条件下结束。

- **适用前提**：输入满足算法要求的结构，例如有序、非负或可以预处理。
- **核心步骤**：把问题缩小到更小的规模，并保持不变量成立。
- **边界情况**：空输入、只有一个元素、结果不存在，都需要单独测试。
- **常见错误**：下标越界、循环条件少写等号、整数溢出，以及忘记处理重复元素。

\`\`\`python
def solve(values: list[int], target: int) -> int:
    """第 ${turn} 轮的示例：在 ${size} 个元素中处理${topic.name}。"""
    lo, hi = 0, len(values) - 1
    while lo <= hi:
        mid = (lo + hi) // 2
        if values[mid] == target:
            return mid
        if values[mid] < target:
            lo = mid + 1
        else:
            hi = mid - 1
    return -1


print(solve(list(range(${size})), ${turn % size}))
\`\`\`

对应的公式如下：

$$
${topic.formula}
$$

### 复杂度与验证

在规模为 $n = ${size}$ 的数据上，这个实现只需要很少的操作就能完成，额外空间是 $O(1)$。写完之后，建议按下面的顺序验证：

1. 先用手算的小例子检查每一步的中间结果。
2. 再用随机数据和暴力解法做对拍，确认结果一致。
3. 最后在最大规模的数据上计时，确认没有意外的退化。

${seedClosing(turn)}`;
}
