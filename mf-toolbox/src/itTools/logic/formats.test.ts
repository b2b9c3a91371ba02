/** @jest-environment node */
import { formatJson, jsonToYaml, minifyJson, parseJson, yamlToJson } from './json';
import { formatSql } from './sql';

describe('JSON', () => {
  it('formats with 2 / 4 spaces or tabs, keeping numbers as written', () => {
    expect(formatJson('{"a":1.0,"b":[1,2],"big":12345678901234567890}')).toEqual({ ok: true, value: '{\n  "a": 1.0,\n  "b": [\n    1,\n    2\n  ],\n  "big": 12345678901234567890\n}' });
    expect(formatJson('{"a":{"b":1}}', 4)).toEqual({ ok: true, value: '{\n    "a": {\n        "b": 1\n    }\n}' });
    expect(formatJson('{"a":1}', 'tab')).toEqual({ ok: true, value: '{\n\t"a": 1\n}' });
    expect(formatJson('{"b":1,"a":{"d":1,"c":2}}', 2, true)).toEqual({ ok: true, value: '{\n  "a": {\n    "c": 2,\n    "d": 1\n  },\n  "b": 1\n}' });
  });

  it('minifies without touching strings', () => {
    expect(minifyJson('{\n  "a b": "x  y\\" z",\n  "n": [ 1, 2 ]\n}')).toEqual({ ok: true, value: '{"a b":"x  y\\" z","n":[1,2]}' });
  });

  it('reports the line and column of an error in Chinese', () => {
    expect(parseJson('{\n  "a": 1,\n}')).toEqual({ ok: false, error: '第 3 行第 1 列：这里应该是用双引号括起来的键名（末尾不能有多余的逗号）' });
    expect(parseJson("{'a': 1}")).toEqual({ ok: false, error: '第 1 行第 2 列：无效的字符（字符串和键名都要用双引号括起来）' });
    expect(parseJson('{"a": 1}\n 2')).toEqual({ ok: false, error: '第 2 行第 2 列：JSON 已经结束，后面还有多余的内容' });
    expect(parseJson('[1, 2')).toMatchObject({ ok: false, error: expect.stringContaining('缺少') });
    expect(parseJson('  ')).toEqual({ ok: false, error: '请输入内容' });
  });

  it('goes to YAML and back to the same value', () => {
    const json = '{"name":"启明","tags":["AI","工具"],"n":3,"ok":true,"nested":{"x":null}}';
    const yaml = jsonToYaml(json);
    expect(yaml).toEqual({ ok: true, value: 'name: 启明\ntags:\n  - AI\n  - 工具\nn: 3\nok: true\nnested:\n  x: null\n' });
    const back = yamlToJson(yaml.ok ? yaml.value : '');
    expect(back.ok && JSON.parse(back.value)).toEqual(JSON.parse(json));
  });

  it('reports YAML errors with their line and column', () => {
    expect(yamlToJson('a: 1\na: 2')).toEqual({ ok: false, error: 'YAML 第 2 行第 1 列：键名重复' });
    expect(yamlToJson('a:\n\t- b')).toMatchObject({ ok: false, error: expect.stringMatching(/^YAML 第 2 行第 1 列：/) });
  });
});

describe('SQL', () => {
  it('formats with upper-case keywords and the chosen indent', () => {
    expect(formatSql('select id, name from users where age > 18 order by name', { language: 'sql', keywordCase: 'upper', indent: 2 })).toEqual({
      ok: true,
      value: 'SELECT\n  id,\n  name\nFROM\n  users\nWHERE\n  age > 18\nORDER BY\n  name',
    });
  });

  it('says where it could not parse', () => {
    expect(formatSql('select "unterminated from t', { language: 'postgresql', keywordCase: 'upper', indent: 2 })).toMatchObject({ ok: false, error: expect.stringMatching(/^SQL 第 1 行第 \d+ 列无法解析/) });
  });
});
