// A markdown file as its text (the jest side of webpack's `type: 'asset/source'`).
module.exports = { process: (source) => ({ code: `module.exports = ${JSON.stringify(source)};` }) };
