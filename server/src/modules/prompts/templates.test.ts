import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasChinese } from '../../locale/index.js';
import { BUILT_IN_PROMPT_CATEGORIES, EN_PLACEHOLDER, PLACEHOLDER, PROMPT_TEMPLATE_LIMITS as LIMITS, PROMPT_TEMPLATE_LIST } from './templates.js';

const { categories } = PROMPT_TEMPLATE_LIST;
const templates = categories.flatMap((category) => category.templates.map((template) => ({ category, template })));
const length = (text: string) => [...text].length;
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

describe('built-in prompt templates (spec chat §2 tab 0, §3 "Prompt template")', () => {
  it('has eight categories with unique keys and short Chinese names, six to eight templates each', () => {
    assert.equal(categories.length, LIMITS.categories);
    assert.equal(new Set(categories.map((c) => c.key)).size, categories.length);
    for (const category of categories) {
      assert.match(category.key, /^[a-z]+$/, category.key);
      assert.ok(length(category.name) >= 2 && length(category.name) <= LIMITS.categoryName, category.name);
      assert.match(category.name, /^[\u4e00-\u9fff]+$/, category.name);
      const count = category.templates.length;
      assert.ok(count >= LIMITS.templatesPerCategory.min && count <= LIMITS.templatesPerCategory.max, `${category.key}: ${count} templates`);
    }
  });

  it('gives every template a unique id under its category key and exactly the spec fields', () => {
    const ids = templates.map(({ template }) => template.id);
    assert.equal(new Set(ids).size, ids.length, 'ids are unique');
    for (const { category, template } of templates) {
      assert.match(template.id, new RegExp(`^${category.key}(-[a-z0-9]+)+$`), template.id);
      assert.deepEqual(Object.keys(template).sort(), ['id', 'promt', 'subTitle', 'title'], template.id);
    }
  });

  it('keeps card texts short and unique, and every prompt complete with a place to fill in', () => {
    assert.equal(new Set(templates.map(({ template }) => template.title)).size, templates.length, 'titles are unique');
    for (const { template } of templates) {
      const { id, title, subTitle, promt } = template;
      assert.ok(title.trim() === title && length(title) >= 2 && length(title) <= LIMITS.title, `${id} title: ${title}`);
      assert.ok(subTitle.trim() === subTitle && length(subTitle) >= 4 && length(subTitle) <= LIMITS.subTitle, `${id} subTitle: ${subTitle}`);
      assert.ok(promt.trim() === promt, `${id}: no surrounding whitespace`);
      assert.ok(length(promt) >= LIMITS.promt.min && length(promt) <= LIMITS.promt.max, `${id}: ${length(promt)} characters`);
      assert.match(promt, PLACEHOLDER, `${id}: has a 【在此填写…】 placeholder`);
      assert.match(promt, /[\u4e00-\u9fff]/, `${id}: written in Chinese`);
      assert.doesNotMatch(promt, /\n{3,}|[ \t]+\n/, `${id}: no stray blank lines or trailing spaces`);
      // Every bracket opened is closed: a broken placeholder would be sent as is.
      assert.equal(promt.split('【').length, promt.split('】').length, `${id}: balanced 【】`);
    }
  });
});

describe('English template bodies (the international edition serves them as promt)', () => {
  const builtIn = BUILT_IN_PROMPT_CATEGORIES.flatMap((category) => category.templates);

  it('keeps the wire list to the data without the English field', () => {
    assert.equal(builtIn.length, templates.length);
    assert.deepEqual(
      PROMPT_TEMPLATE_LIST.categories,
      BUILT_IN_PROMPT_CATEGORIES.map(({ key, name, templates: list }) => ({ key, name, templates: list.map(({ id, title, subTitle, promt }) => ({ id, title, subTitle, promt })) })),
    );
  });

  it('gives every template an English body: within the limits, no Chinese, its own slots to fill in', () => {
    const bodies = new Set<string>();
    for (const { id, promt, en } of builtIn) {
      assert.equal(typeof en, 'string', `${id}: has an English body`);
      assert.ok(en.trim() === en, `${id}: no surrounding whitespace`);
      assert.ok(length(en) >= LIMITS.en.min && length(en) <= LIMITS.en.max, `${id}: ${length(en)} characters`);
      assert.equal(hasChinese(en), false, `${id}: no Chinese in the English body`);
      assert.doesNotMatch(en, /[【】，。；：（）]/, `${id}: no Chinese punctuation or brackets`);
      assert.doesNotMatch(en, /\n{3,}|[ \t]+\n/, `${id}: no stray blank lines or trailing spaces`);
      if (PLACEHOLDER.test(promt)) assert.match(en, EN_PLACEHOLDER, `${id}: has a [Fill in …] slot as the Chinese has a 【在此填写…】 one`);
      assert.ok(count(en, EN_PLACEHOLDER) >= count(promt, PLACEHOLDER), `${id}: no fill-in slot lost`);
      // Every 【…】 of the Chinese (slots, and marks like 【停顿】 or 【待补充】) has its […], each closed.
      assert.equal(en.split('[').length, promt.split('【').length, `${id}: as many [ ] as 【】`);
      assert.equal(en.split('[').length, en.split(']').length, `${id}: balanced [ ]`);
      bodies.add(en);
    }
    assert.equal(bodies.size, builtIn.length, 'English bodies are unique');
  });

  it('the English slots follow one form, the one EN_PLACEHOLDER knows', () => {
    for (const { id, en } of builtIn) {
      // A bracket that opens like a slot is one the pattern reads whole ([Fill in the topic], not [Fill-in …] or [fill in …]).
      for (const opened of en.match(/\[(?:fill|paste|write)[^\]]*\]/gi) ?? []) assert.match(opened, new RegExp(`^${EN_PLACEHOLDER.source}$`), `${id}: ${opened}`);
    }
  });
});
