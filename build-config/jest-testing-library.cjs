// findBy* and waitFor wait up to 5 s instead of Testing Library's 1 s: an antd page's first render
// can take over a second when Jest's workers share the machine's 2 cores. A test that waits for
// something that never comes still fails, only later.
const path = require('node:path');

let dom;
try {
  // The package's own Testing Library (each package under test depends on it, not build-config).
  const react = require.resolve('@testing-library/react', { paths: [process.cwd()] });
  dom = require(require.resolve('@testing-library/dom', { paths: [path.dirname(react)] }));
} catch {
  // A package without Testing Library (plain unit tests).
}
dom?.configure({ asyncUtilTimeout: 5_000 });
