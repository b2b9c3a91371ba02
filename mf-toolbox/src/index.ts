// A remote is used through its container (remoteEntry.js → './app'); this entry only exists
// because webpack needs one.
export {};
