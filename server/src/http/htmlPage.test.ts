import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { html, postForm, raw, standInPage } from './htmlPage.js';

describe('server-made pages', () => {
  it('html escapes every value put into it, except markup html made', () => {
    const user = `<script>alert("x")</script>&'`;
    assert.equal(html`<p>${user}</p>`.markup, '<p>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#38;&#39;</p>');
    assert.equal(html`<div>${html`<b>${'<i>'}</b>`}</div>`.markup, '<div><b>&#60;i&#62;</b></div>');
    assert.equal(html`${['<a>', html`<br>`]}`.markup, '&#60;a&#62;<br>');
    assert.equal(html`[${null}${undefined}${false}${true}${''}${0}]`.markup, '[0]');
    assert.equal(html`${raw('<hr>')}`.markup, '<hr>');
  });

  it('postForm escapes field names, values and the label', () => {
    const form = postForm('/confirm', { ticket: '"><script>', 'a"b': 'x' }, '<确认>', true).markup;
    assert.match(form, /<form method="post" action="\/confirm">/);
    assert.match(form, /<input type="hidden" name="ticket" value="&#34;&#62;&#60;script&#62;">/);
    assert.match(form, /name="a&#34;b" value="x"/);
    assert.match(form, /<button type="submit" class="primary">&#60;确认&#62;<\/button>/);
    assert.doesNotMatch(form, /<script>/);
    assert.match(postForm('/c', {}, 'x', false).markup, /<button type="submit" class="">x<\/button>/);
  });

  it('standInPage: one card with the title as heading, the intro and the body; the accent on the primary button', () => {
    const page = standInPage({ title: '标题 <1>', intro: '说明 & 更多', body: html`<p class="status">${'状态'}</p>`, accent: '#07c160', width: 360 });
    assert.ok(page.startsWith('<!doctype html>\n<html lang="zh-CN">'));
    assert.match(page, /<title>标题 &#60;1&#62;<\/title>/);
    assert.match(page, /<h1>标题 &#60;1&#62;<\/h1>\n  <p>说明 &#38; 更多<\/p>\n  <p class="status">状态<\/p>/);
    assert.match(page, /main \{ max-width: 360px;/);
    assert.match(page, /button\.primary \{ background: #07c160; border-color: #07c160; color: #fff; \}/);
    assert.match(page, /\.actions \{ display: flex; gap: 12px; justify-content: center; margin-top: 20px; \}/);
    assert.doesNotMatch(page, /min-width/);
    const stacked = standInPage({ title: 't', intro: 'i', body: html``, accent: '#1677ff', width: 380, stackedActions: true });
    assert.match(stacked, /\.actions \{ display: flex; flex-direction: column; gap: 12px; align-items: center; margin-top: 20px; \}/);
    assert.match(stacked, /cursor: pointer; min-width: 220px; \}/);
  });
});
