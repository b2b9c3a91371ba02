import type { Language } from './question.js';

/** The formulas a math answer shows, picked by what the question mentions. */
export interface MathFormula {
  name: Record<Language, string>;
  /** What the formula says, one sentence (may contain inline math). */
  meaning: Record<Language, string>;
  /** The key quantity, inline (`$…$` is added by the writer). */
  inline: string;
  /** The main formula, a display block. */
  block: string;
  /** A worked example, a display block. */
  example: string;
}

const FORMULAS: ReadonlyArray<{ match: RegExp; formula: MathFormula }> = [
  {
    match: /积分|(?<![a-z])integra/i,
    formula: {
      name: { zh: '定积分与牛顿—莱布尼茨公式', en: 'Definite integrals and the fundamental theorem of calculus' },
      meaning: {
        zh: '只要找到被积函数的一个原函数 $F$，定积分就等于原函数在上下限的差。',
        en: 'Once an antiderivative $F$ of the integrand is known, the definite integral is the difference of $F$ at the bounds.',
      },
      inline: String.raw`\int_a^b f(x)\,\mathrm{d}x`,
      block: String.raw`\int_a^b f(x)\,\mathrm{d}x = F(b) - F(a), \qquad F'(x) = f(x)`,
      example: String.raw`\int_0^1 x^2\,\mathrm{d}x = \left.\frac{x^3}{3}\right|_0^1 = \frac{1}{3}`,
    },
  },
  {
    match: /导数|求导|微分|(?<![a-z])(derivative|differentia)/i,
    formula: {
      name: { zh: '导数的定义', en: 'The definition of the derivative' },
      meaning: {
        zh: '导数是函数在一点处的瞬时变化率，即割线斜率在 $h \\to 0$ 时的极限。',
        en: 'The derivative is the instantaneous rate of change: the limit of the secant slope as $h \\to 0$.',
      },
      inline: String.raw`f'(x)`,
      block: String.raw`f'(x) = \lim_{h \to 0} \frac{f(x + h) - f(x)}{h}`,
      example: String.raw`\frac{\mathrm{d}}{\mathrm{d}x}\, x^n = n\,x^{n-1}, \qquad \frac{\mathrm{d}}{\mathrm{d}x}\, x^2 = 2x`,
    },
  },
  {
    match: /概率|贝叶斯|(?<![a-z])(probabilit|bayes)/i,
    formula: {
      name: { zh: '条件概率与贝叶斯公式', en: "Conditional probability and Bayes' theorem" },
      meaning: {
        zh: '贝叶斯公式用先验概率 $P(A)$ 和似然 $P(B \\mid A)$ 求出观察到 $B$ 之后的后验概率。',
        en: 'Bayes’ theorem turns the prior $P(A)$ and the likelihood $P(B \\mid A)$ into the posterior after observing $B$.',
      },
      inline: String.raw`P(A \mid B)`,
      block: String.raw`P(A \mid B) = \frac{P(B \mid A)\,P(A)}{P(B)}`,
      example: String.raw`P(A \mid B) = \frac{0.9 \times 0.01}{0.9 \times 0.01 + 0.05 \times 0.99} \approx 0.154`,
    },
  },
  {
    match: /矩阵|线性代数|(?<![a-z])(matri(x|ces)|linear algebra)/i,
    formula: {
      name: { zh: '矩阵乘法', en: 'Matrix multiplication' },
      meaning: {
        zh: '乘积的第 $i$ 行第 $j$ 列等于左矩阵第 $i$ 行与右矩阵第 $j$ 列的内积。',
        en: 'Entry $(i, j)$ of the product is the dot product of row $i$ of the left matrix and column $j$ of the right one.',
      },
      inline: String.raw`(AB)_{ij}`,
      block: String.raw`(AB)_{ij} = \sum_{k=1}^{n} a_{ik}\, b_{kj}`,
      example: String.raw`\begin{pmatrix} 1 & 2 \\ 3 & 4 \end{pmatrix} \begin{pmatrix} 5 \\ 6 \end{pmatrix} = \begin{pmatrix} 17 \\ 39 \end{pmatrix}`,
    },
  },
  {
    match: /勾股|三角|几何|(?<![a-z])(pythagor|trigonometr|geometr)/i,
    formula: {
      name: { zh: '勾股定理', en: 'The Pythagorean theorem' },
      meaning: {
        zh: '直角三角形两条直角边的平方和等于斜边的平方，$c$ 为斜边。',
        en: 'In a right triangle the squares of the two legs add up to the square of the hypotenuse $c$.',
      },
      inline: String.raw`a^2 + b^2 = c^2`,
      block: String.raw`c = \sqrt{a^2 + b^2}, \qquad \sin^2\theta + \cos^2\theta = 1`,
      example: String.raw`a = 3,\ b = 4 \;\Rightarrow\; c = \sqrt{9 + 16} = 5`,
    },
  },
  {
    match: /数列|级数|归纳|证明|(?<![a-z])(series|sequence|induction|prove|proof)/i,
    formula: {
      name: { zh: '数学归纳法（以等差数列求和为例）', en: 'Proof by induction (the sum of the first n integers)' },
      meaning: {
        zh: '先验证 $n = 1$ 成立，再由 $n = k$ 成立推出 $n = k + 1$ 成立，结论便对所有正整数成立。',
        en: 'Show the case $n = 1$, then show that the case $n = k$ implies $n = k + 1$; the statement then holds for every positive integer.',
      },
      inline: String.raw`\sum_{k=1}^{n} k`,
      block: String.raw`\sum_{k=1}^{n} k = \frac{n(n + 1)}{2}`,
      example: String.raw`\frac{k(k + 1)}{2} + (k + 1) = \frac{(k + 1)(k + 2)}{2}`,
    },
  },
];

const QUADRATIC: MathFormula = {
  name: { zh: '一元二次方程的求根公式', en: 'The quadratic formula' },
  meaning: {
    zh: '判别式 $\\Delta = b^2 - 4ac$ 决定实根的个数：大于 0 两个，等于 0 一个，小于 0 没有实根。',
    en: 'The discriminant $\\Delta = b^2 - 4ac$ decides the real roots: two when positive, one when zero, none when negative.',
  },
  inline: String.raw`ax^2 + bx + c = 0`,
  block: String.raw`x = \frac{-b \pm \sqrt{b^2 - 4ac}}{2a}, \qquad a \neq 0`,
  example: String.raw`x^2 - 5x + 6 = 0 \;\Rightarrow\; x = \frac{5 \pm \sqrt{25 - 24}}{2}, \quad x_1 = 3,\ x_2 = 2`,
};

export function mathFormulaFor(text: string): MathFormula {
  return FORMULAS.find(({ match }) => match.test(text))?.formula ?? QUADRATIC;
}
