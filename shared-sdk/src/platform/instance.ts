// One SDK module instance per page: every area gets the same object because the SDK is a shared
// module-federation singleton. The id makes that visible (the host and each area print it).
const id = Math.random().toString(36).slice(2, 10);

export const sdkInstance = Object.freeze({ id, createdAt: Date.now() });
