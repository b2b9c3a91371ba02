import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { EXPRESSION_MAX_CHARS } from './math/mathEngine.js';
import type { MathRunner } from './math/mathRunner.js';
import { answered } from './toolResult.js';

/** 计算器: one expression through the restricted mathjs (math/mathEngine.ts), in its worker. */
export function registerCalculatorTools(server: McpServer, math: MathRunner): void {
  server.registerTool(
    'evaluate',
    {
      title: '计算',
      description:
        '精确计算一个数学表达式并返回结果。支持四则运算、乘方 ^、阶乘 !、取余 mod、括号、大整数和精确小数、sqrt/log/sin/cos 等函数、pi 和 e、带单位的计算（如 5 km to mile）。涉及计算时请调用它，不要心算。',
      inputSchema: { expression: z.string().min(1).max(EXPRESSION_MAX_CHARS * 2).describe(`数学表达式，例如 (1+2.5)*3^2、2^100、sqrt(2)、12!（最多 ${EXPRESSION_MAX_CHARS} 个字符）`) },
    },
    async ({ expression }) => answered(async () => `${expression.trim()} = ${await math.evaluate(expression)}`),
  );
}

/** 单位换算: mathjs units with the common Chinese names mapped. */
export function registerUnitTools(server: McpServer, math: MathRunner): void {
  server.registerTool(
    'convert',
    {
      title: '单位换算',
      description:
        '把一个数值从一种单位换算成另一种单位：长度、重量、温度、面积、体积、时间、速度、能量、功率、压强、数据量。单位可写英文缩写（km、mile、kg、lb、degC、degF、m^2、L、km/h、kWh）或中文（公里、英里、斤、公斤、摄氏度、华氏度、亩、平方米、升、千米每小时）。',
      inputSchema: {
        value: z.number().describe('数值'),
        from: z.string().min(1).max(40).describe('原单位，例如 公里、km、斤、degC'),
        to: z.string().min(1).max(40).describe('目标单位，例如 英里、mile、公斤、degF'),
      },
    },
    async ({ value, from, to }) => answered(() => math.convert(value, from, to)),
  );
}
