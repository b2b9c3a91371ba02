import { previewDocument } from './previewDocument';

describe('previewDocument', () => {
  it('puts the css in the head and the script after the html', () => {
    const page = previewDocument([
      { language: 'html', code: '<button id="b">点我</button>' },
      { language: 'css', code: 'button { color: red }' },
      { language: 'javascript', code: 'document.getElementById("b").textContent = "好";' },
    ]);
    expect(page.indexOf('<style>button { color: red }</style>')).toBeLessThan(page.indexOf('<button id="b">'));
    expect(page.indexOf('<button id="b">')).toBeLessThan(page.indexOf('textContent = "好"'));
  });

  it('a closing script tag inside the code cannot end the element', () => {
    const page = previewDocument([{ language: 'js', code: 'const s = "</script><img src=x>";' }]);
    expect(page).toContain('"<\\/script><img src=x>"');
  });

  it('a whole document keeps its own structure and gets the css and script added', () => {
    const page = previewDocument([
      { language: 'html', code: '<!DOCTYPE html><html><head><title>t</title></head><body><p>hi</p></body></html>' },
      { language: 'css', code: 'p{margin:0}' },
      { language: 'js', code: 'console.log(1)' },
    ]);
    expect(page.match(/<html/g)).toHaveLength(1);
    expect(page).toMatch(/<head><meta charset="utf-8">.*<style>p\{margin:0\}<\/style>.*<title>t<\/title>/s);
    expect(page).toMatch(/<p>hi<\/p><script>console\.log\(1\)<\/script><\/body>/);
  });
});
