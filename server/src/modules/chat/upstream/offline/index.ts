export { OfflineModel, OFFLINE_DEFAULTS, OFFLINE_FAULT_MESSAGES, type OfflineModelOptions } from './offlineModel.js';
export { FAULT_MARKERS, FAULT_MODES, faultMarker, type FaultMode } from './faults.js';
export { composeAnswer, type ComposedAnswer, type ComposeInput } from './composeAnswer.js';
