import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PLACEHOLDER, PROMPT_TEMPLATE_LIMITS as LIMITS, PROMPT_TEMPLATE_LIST } from './templates.js';

const { categories } = PROMPT_TEMPLATE_LIST;
const templates = categories.flatMap((category) => category.templates.map((template) => ({ category, template })));
const length = (text: string) => [...text].length;

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
