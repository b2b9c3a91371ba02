// The host provides every shared singleton of contracts/src/federation/shared-contract.json; areas only consume
// them. Those the host does not use at boot are referenced here so its build includes them as
// shared modules: nothing here runs, and each is fetched the first time an area asks for it.
export const providedOnDemand = [
  () => import('react-router-dom'),
  () => import('@qiming/sdk/ui'),
  () => import('@qiming/sdk/ui/form'),
  () => import('@qiming/sdk/ui/feedback'),
  () => import('@qiming/sdk/ui/display'),
];
