import fs from 'node:fs';
import path from 'node:path';

// @qiming/sdk/ui is shared separately from @qiming/sdk; a relative import from ui into the core
// would give the page a second SDK core (a second store, a second event bus).
describe('@qiming/sdk/ui', () => {
  it('reaches the SDK core only through the shared package name', () => {
    const uiDir = __dirname;
    const offenders = fs
      .readdirSync(uiDir)
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'))
      .filter((file) => /from '\.\.\//.test(fs.readFileSync(path.join(uiDir, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
