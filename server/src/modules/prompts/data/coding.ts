import type { BuiltInPromptCategory } from './types.js';

export const coding: BuiltInPromptCategory = {
  key: 'coding',
  name: '编程开发',
  templates: [
    {
      id: 'coding-review',
      title: '代码审查',
      subTitle: '找出缺陷、隐患和可改进之处',
      promt: `你是一位严格而友善的高级工程师。请审查下面的代码。

请按以下顺序输出：
1. 会导致错误结果或崩溃的问题（标明行号或代码片段，并给出修改后的代码）；
2. 安全隐患（注入、越权、敏感信息泄露等）；
3. 性能问题；
4. 可读性和可维护性建议（命名、结构、重复代码）；
5. 这段代码做得好的地方。

只列出真实存在的问题，不确定的地方请说明需要哪些上下文才能判断。

编程语言/框架：【在此填写】
代码：
【在此粘贴代码】`,
      en: `You are a strict but kind senior engineer. Please review the code below.

Report in this order:
1. Problems that cause wrong results or crashes (give line numbers or snippets, and the corrected code).
2. Security risks (injection, privilege escalation, leaking sensitive data, etc.).
3. Performance problems.
4. Suggestions for readability and maintainability (naming, structure, duplicated code).
5. What the code does well.

List only real problems; where you are unsure, say what context you would need to decide.

Language/framework: [Fill in the language and framework]
Code:
[Paste the code]`,
    },
    {
      id: 'coding-explain',
      title: '代码解释',
      subTitle: '逐段讲清楚一段陌生代码',
      promt: `请给我讲解下面这段代码。

要求：
1. 先用两三句话说明它整体在做什么；
2. 再按代码块逐段解释，说明关键语句的作用和用到的语言特性；
3. 画出主要的执行流程（可以用文字箭头表示）；
4. 指出其中容易让人误解的地方；
5. 我的水平是【在此填写，例如：刚学完基础语法、有三年经验】，请按这个水平调整讲解的深度。

代码：
【在此粘贴代码】`,
      en: `Please explain the code below to me.

Requirements:
1. First, say in two or three sentences what it does as a whole.
2. Then go through it block by block, explaining what the key statements do and which language features they use.
3. Sketch the main flow of execution (text arrows are fine).
4. Point out anything in it that is easy to misread.
5. My level: [Fill in, e.g. just finished the basics, three years of experience]; please pitch the explanation at that level.

Code:
[Paste the code]`,
    },
    {
      id: 'coding-debug',
      title: '报错排查',
      subTitle: '根据错误信息定位原因',
      promt: `我的程序出错了，请帮我排查。

请按以下方式回答：
1. 解释这条错误信息的含义；
2. 列出最可能的 3 个原因，按可能性从高到低排序；
3. 针对每个原因给出验证方法和修复代码；
4. 如果信息不足，告诉我还需要提供什么。

运行环境：【在此填写语言版本、框架、操作系统】
我在做什么操作时出错：【在此填写】
完整的错误信息：
【在此粘贴报错信息和堆栈】
相关代码：
【在此粘贴相关代码】`,
      en: `My program has an error; please help me track it down.

Please answer like this:
1. Explain what the error message means.
2. List the 3 most likely causes, most likely first.
3. For each cause, give a way to confirm it and the code to fix it.
4. If there isn't enough information, tell me what else you need.

Environment: [Fill in the language version, framework and operating system]
What I was doing when it failed: [Fill in what you were doing]
Full error message:
[Paste the error message and stack trace]
Relevant code:
[Paste the relevant code]`,
    },
    {
      id: 'coding-unit-tests',
      title: '单元测试',
      subTitle: '覆盖正常、边界和异常情况',
      promt: `请为下面的代码编写单元测试。

要求：
1. 测试框架：【在此填写，例如：pytest、Jest、JUnit 5、Go testing】；
2. 覆盖正常输入、边界值（空值、零、最大值、重复数据等）和异常输入；
3. 每个测试用例的名称要说明它验证的行为；
4. 需要模拟的外部依赖（数据库、网络、时间）请用该框架推荐的方式模拟；
5. 最后列出这段代码中难以测试的地方，并给出重构建议。

被测代码：
【在此粘贴代码】`,
      en: `Please write unit tests for the code below.

Requirements:
1. Test framework: [Fill in, e.g. pytest, Jest, JUnit 5, Go testing].
2. Cover normal input, edge cases (empty values, zero, maximums, duplicates, etc.) and invalid input.
3. Name each test case after the behaviour it checks.
4. Mock external dependencies (database, network, time) the way the framework recommends.
5. Finally, list what is hard to test in this code and suggest how to refactor it.

Code under test:
[Paste the code]`,
    },
    {
      id: 'coding-sql',
      title: 'SQL 编写',
      subTitle: '描述需求，生成并解释 SQL',
      promt: `请帮我写一条 SQL 查询。

请给出：
1. 完整的 SQL 语句；
2. 每个子句的作用；
3. 需要注意的性能问题和建议建立的索引；
4. 如果需求有歧义，说明你的理解并给出另一种写法。

数据库类型：【在此填写，例如：MySQL 8、PostgreSQL、SQLite】
表结构：
【在此粘贴建表语句或列出表名和字段】
查询需求：【在此描述，例如：查询最近 30 天每个城市下单金额前 3 名的用户】`,
      en: `Please help me write an SQL query.

Please give:
1. The complete SQL statement.
2. What each clause does.
3. Performance concerns to watch for, and indexes worth creating.
4. If the requirement is ambiguous, explain how you read it and give an alternative query.

Database: [Fill in, e.g. MySQL 8, PostgreSQL, SQLite]
Table structure:
[Paste the CREATE TABLE statements, or list the tables and columns]
What the query should do: [Fill in, e.g. for each city, the top 3 users by order value over the last 30 days]`,
    },
    {
      id: 'coding-regex',
      title: '正则表达式',
      subTitle: '写出、解释并测试正则',
      promt: `请帮我写一个正则表达式。

请给出：
1. 正则表达式本身，以及在【在此填写语言，例如：JavaScript、Python、Java】中的使用示例代码；
2. 逐段解释每部分的含义；
3. 至少 5 个应该匹配和 5 个不应该匹配的测试样例；
4. 这个正则的局限性。

需要匹配的内容：【在此描述，例如：中国大陆手机号、带区号的座机号码】
特殊要求：【在此填写，可留空】`,
      en: `Please help me write a regular expression.

Please give:
1. The regular expression itself, with example code using it in [Fill in the language, e.g. JavaScript, Python, Java].
2. An explanation of each part.
3. At least 5 test strings that should match and 5 that should not.
4. The limitations of this regex.

What it should match: [Fill in, e.g. a mobile phone number, a landline number with an area code]
Special requirements: [Fill in, or leave blank]`,
    },
    {
      id: 'coding-refactor',
      title: '代码重构',
      subTitle: '不改行为，让代码更好读好改',
      promt: `请重构下面的代码，在不改变外部行为的前提下提高可读性和可维护性。

要求：
1. 先指出代码中的主要问题（重复、过长函数、命名不清、嵌套过深、职责混杂等）；
2. 给出重构后的完整代码；
3. 逐条说明每处修改的原因；
4. 列出重构后需要重点回归测试的行为。

编程语言：【在此填写】
代码：
【在此粘贴代码】`,
      en: `Please refactor the code below to make it easier to read and maintain, without changing its external behaviour.

Requirements:
1. First, point out its main problems (duplication, overlong functions, unclear names, deep nesting, mixed responsibilities, etc.).
2. Give the complete refactored code.
3. Explain the reason for each change, one by one.
4. List the behaviours that most need regression testing after the refactor.

Language: [Fill in the language]
Code:
[Paste the code]`,
    },
    {
      id: 'coding-design',
      title: '技术方案',
      subTitle: '从需求到可落地的设计',
      promt: `你是一位资深架构师。请为下面的需求设计技术方案。

请包含：
1. 需求理解与关键假设（列出你需要我确认的问题）；
2. 整体架构和主要模块的职责；
3. 核心数据结构或表设计；
4. 关键流程（可用文字时序描述）；
5. 技术选型及理由，至少对比一个备选方案；
6. 风险点、性能与安全考虑；
7. 分阶段的实施计划。

需求描述：【在此填写】
规模与约束：【在此填写用户量、数据量、团队技术栈、上线时间等】`,
      en: `You are a senior architect. Please design a technical solution for the requirements below.

Please include:
1. Your understanding of the requirements and your key assumptions (list the questions you need me to confirm).
2. The overall architecture and what each main module is responsible for.
3. The core data structures or table design.
4. The key flows (a sequence described in text is fine).
5. The technology choices and why, compared with at least one alternative.
6. Risks, and performance and security considerations.
7. A phased implementation plan.

Requirements: [Fill in the requirements]
Scale and constraints: [Fill in user numbers, data volume, the team's tech stack, launch date, etc.]`,
    },
  ],
};
