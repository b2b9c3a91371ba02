/**
 * Calls wait until the app marks initialisation done (the spec polls a flag every 250 ms; an awaited
 * promise behaves the same without the polling). Once developer tools are detected, calls resolve
 * null and send nothing.
 */
export function createInitGate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  let devtools = false;
  return {
    ready: () => opened,
    markInitialised: () => open(),
    setDevtoolsDetected: () => void (devtools = true),
    get devtoolsDetected() {
      return devtools;
    },
  };
}

export type InitGate = ReturnType<typeof createInitGate>;
