import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PromptTemplateList } from '@qiming/contracts';
import { hasChinese, translatorFor } from '../../locale/index.js';
import { signed } from '../../testing/signature.js';
import { signedServer } from '../../testing/signedServer.js';
import { promptsRoutes } from './routes.js';
import { BUILT_IN_PROMPT_CATEGORIES, EN_PLACEHOLDER, PROMPT_TEMPLATE_LIST } from './templates.js';

const URL = '/app-api/backend-api/getPromptTemplates';

describe('prompt templates HTTP route', () => {
  let served: Awaited<ReturnType<typeof signedServer>>;
  before(async () => {
    served = await signedServer(promptsRoutes);
  });
  after(() => served.close());

  const get = (headers: Record<string, string> = {}) => served.server.inject(signed({ method: 'GET', url: URL, headers }));

  it('serves the categories without login, in the contract shape', async () => {
    const response = await get();
    assert.equal(response.statusCode, 200);
    assert.match(response.headers['content-type'] as string, /^application\/json; charset=utf-8/);
    const body = response.json() as { code: number; data: PromptTemplateList; msg: string };
    assert.deepEqual(Object.keys(body).sort(), ['code', 'data', 'msg']);
    assert.equal(body.code, 0);
    assert.deepEqual(Object.keys(body.data), ['categories']);
    assert.deepEqual(body.data, PROMPT_TEMPLATE_LIST);
    assert.equal(body.data.categories.length, 8);
    for (const category of body.data.categories) {
      assert.deepEqual(Object.keys(category).sort(), ['key', 'name', 'templates']);
      for (const template of category.templates) assert.deepEqual(Object.keys(template).sort(), ['id', 'promt', 'subTitle', 'title']);
    }
    assert.ok(body.data.categories.some((c) => c.name === '编程开发' && c.templates.some((t) => t.title === '代码审查')));
  });

  it('serves the Chinese bodies on the domestic edition, not the English ones', async () => {
    const { data } = (await get()).json() as { data: PromptTemplateList };
    const english = new Set(BUILT_IN_PROMPT_CATEGORIES.flatMap((c) => c.templates.map((t) => t.en)));
    for (const template of data.categories.flatMap((c) => c.templates)) {
      assert.ok(hasChinese(template.promt), template.id);
      assert.ok(!english.has(template.promt), template.id);
    }
  });

  it('has an ETag and answers 304 to a matching If-None-Match', async () => {
    const first = await get();
    const etag = first.headers.etag as string;
    assert.match(etag, /^"[\w-]{22}"$/);
    assert.equal(first.headers['cache-control'], 'no-cache');
    const cached = await get({ 'if-none-match': etag });
    assert.equal(cached.statusCode, 304);
    assert.equal(cached.body, '');
    assert.equal((await get({ 'if-none-match': `"other", W/${etag}` })).statusCode, 304, 'a list with the weak form');
    assert.equal((await get({ 'if-none-match': '"stale"' })).statusCode, 200);
  });

  it('needs the request signature', async () => {
    const response = await served.server.inject({ method: 'GET', url: URL });
    assert.equal(response.statusCode, 200);
    assert.equal(response.json().code, 4001);
  });
});

describe('prompt templates HTTP route, international edition', () => {
  let served: Awaited<ReturnType<typeof signedServer>>;
  before(async () => {
    served = await signedServer(promptsRoutes, { translator: translatorFor('international') });
  });
  after(() => served.close());

  const list = async () => {
    const response = await served.server.inject(signed({ method: 'GET', url: URL }));
    assert.equal(response.statusCode, 200);
    const body = response.json() as { code: number; data: PromptTemplateList };
    assert.equal(body.code, 0);
    return body.data;
  };

  it('serves no Chinese at all: category names, titles, subtitles and bodies', async () => {
    const data = await list();
    assert.equal(data.categories.length, PROMPT_TEMPLATE_LIST.categories.length);
    // The whole answer, keys and ids too: nothing of the list is left in Chinese.
    assert.equal(hasChinese(JSON.stringify(data)), false);
    for (const category of data.categories) {
      assert.equal(hasChinese(category.name), false, category.name);
      for (const template of category.templates) {
        assert.deepEqual(Object.keys(template).sort(), ['id', 'promt', 'subTitle', 'title'], 'the wire keeps its fields');
        assert.equal(hasChinese(template.title + template.subTitle + template.promt), false, template.id);
        assert.match(template.promt, EN_PLACEHOLDER, `${template.id}: an English slot to fill in`);
      }
    }
  });

  it('serves each template its own English body, in the same order and ids as the domestic list', async () => {
    const data = await list();
    const sent = data.categories.flatMap((c) => c.templates);
    const builtIn = BUILT_IN_PROMPT_CATEGORIES.flatMap((c) => c.templates);
    assert.deepEqual(sent.map((t) => t.id), builtIn.map((t) => t.id));
    for (const [index, template] of sent.entries()) assert.equal(template.promt, builtIn[index]!.en, template.id);
    const review = sent.find((t) => t.id === 'coding-review')!;
    assert.equal(review.title, 'Code review');
    assert.match(review.promt, /^You are a strict but kind senior engineer\./);
    assert.match(review.promt, /\[Paste the code\]$/);
  });
});
