import { starterQuestions } from '@qiming/sdk';
import type { AgentApp, ModelOption } from '@qiming/sdk/contracts';
import { t } from '../i18n';

/** The robot drawn for an agent without an icon (same shape as `RobotIcon`, usable as an <img>). */
const ROBOT_ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#eef2ff" stroke="#3853d8" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><rect x="4" y="8" width="16" height="12" rx="3"/><path d="M12 8V4M9 4h6M9 13h.01M15 13h.01M9.5 17h5M2 13v3M22 13v3"/></svg>',
)}`;

export function agentIcon(app: Pick<AgentApp, 'appUrl'> | null | undefined): string {
  return app?.appUrl || ROBOT_ICON;
}

/**
 * An agent as the chat's current model (spec chat §3: agent models cost 0.01积分/字): what the top
 * bar, the upload control and the favourite action read. Its value is the agent code.
 */
export function agentModelOption(app: AgentApp): ModelOption {
  return {
    value: app.code,
    label: app.appName,
    labelText: app.description,
    minilabel: '',
    icon: agentIcon(app),
    path: '',
    tooltip: app.description,
    tooltip2: '',
    modelType: 'other',
    type: app.author,
    isNewModel: false,
    isHighLevelModel: false,
    think: false,
    web: false,
    level: '基础',
    stars: 0,
    uid: 0,
    funLabel: '',
    funLabelList: [],
    exampleQuestionList: starterQuestions(app).map((quetion) => ({ quetion })),
    modelprice: t('agents.price'),
    modelpriceTip: '',
    shortIntro: app.description,
    shortIntro2: '',
    // The upload control keys on the gpt-4-gizmo-g- prefix for agents (`canUploadTo`).
    canUpload: true,
    textOnly: false,
    offlineDemo: false,
    webSearchAvailable: false,
  };
}
