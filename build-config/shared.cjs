// Turns shared-contract.json into module-federation `shared` options: every listed module is a
// singleton whose required range is the contract's range.
const contract = require('@qiming/contracts/shared-contract.json');

/**
 * The host provides every shared singleton (lazily: a module is fetched when first used); areas
 * only consume (`import: false`), so the page can never hold two copies of React, the SDK or the
 * UI kit, whichever area loads first.
 */
function sharedConfig({ role }) {
  const shared = {};
  for (const [name, range] of Object.entries(contract.singletons)) {
    shared[name] = { singleton: true, requiredVersion: range, eager: false, strictVersion: false, ...(role === 'remote' ? { import: false } : {}) };
  }
  return shared;
}

module.exports = { sharedConfig, contract };
