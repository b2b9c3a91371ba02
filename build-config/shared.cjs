// Turns shared-contract.json into module-federation `shared` options: every listed module is a
// singleton whose required range is the contract's range.
const contract = require('./shared-contract.json');

function sharedConfig({ eager }) {
  const shared = {};
  for (const [name, range] of Object.entries(contract.singletons)) {
    shared[name] = { singleton: true, requiredVersion: range, eager, strictVersion: false };
  }
  return shared;
}

module.exports = { sharedConfig, contract };
