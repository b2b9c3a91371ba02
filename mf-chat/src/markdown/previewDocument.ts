/** The code of one block of a message, for the live preview. */
export interface CodePiece {
  language: string;
  code: string;
}

const CONSOLE_CAPTURE = `(function(){var out=document.createElement('pre');out.style.cssText='margin:12px 0 0;padding:8px;background:#f6f8fa;font:12px/1.5 monospace;white-space:pre-wrap';function show(kind,args){if(!out.isConnected&&document.body)document.body.appendChild(out);out.textContent+=(kind==='log'?'':kind+': ')+Array.prototype.map.call(args,function(a){try{return typeof a==='string'?a:JSON.stringify(a)}catch(e){return String(a)}}).join(' ')+'\\n'}['log','info','warn','error'].forEach(function(k){var o=console[k];console[k]=function(){show(k,arguments);o.apply(console,arguments)}});window.addEventListener('error',function(e){show('error',[e.message])})})();`;

/** `</script` or `</style` inside code would end the element early. */
function guard(code: string, tag: 'script' | 'style'): string {
  return code.replace(new RegExp(`</${tag}`, 'gi'), `<\\/${tag}`);
}

const byLanguage = (pieces: CodePiece[], ...languages: string[]) =>
  pieces.filter((piece) => languages.includes(piece.language)).map((piece) => piece.code);

/**
 * One page from a message's html, css and javascript blocks (an answer usually gives them
 * separately), with console output shown under the page so a script-only snippet shows something.
 */
export function previewDocument(pieces: CodePiece[]): string {
  const html = byLanguage(pieces, 'html', 'htm').join('\n');
  const css = byLanguage(pieces, 'css').map((code) => guard(code, 'style')).join('\n');
  const js = byLanguage(pieces, 'javascript', 'js').map((code) => guard(code, 'script')).join('\n;\n');
  const head = `<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${css ? `<style>${css}</style>` : ''}<script>${CONSOLE_CAPTURE}</script>`;
  const tail = js ? `<script>${js}</script>` : '';
  if (/<html[\s>]/i.test(html)) {
    const withHead = /<head[^>]*>/i.test(html) ? html.replace(/<head[^>]*>/i, (open) => `${open}${head}`) : html.replace(/<html[^>]*>/i, (open) => `${open}<head>${head}</head>`);
    return /<\/body>/i.test(withHead) ? withHead.replace(/<\/body>/i, `${tail}</body>`) : `${withHead}${tail}`;
  }
  return `<!doctype html><html><head>${head}</head><body>${html}${tail}</body></html>`;
}
